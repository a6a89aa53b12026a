import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { badRequest } from '../../http/errors.js';
import { PERSON_SEARCH_MESSAGES_KO, validatePersonSearch } from '../../../lib/person-search.js';
import { BsnsQuery, BusinessSection, DeptQuery, DepartmentRow, PersonQuery, PersonRow } from './schemas.js';
import { listBusinessSections, listDepartments, listPeople } from './queries.js';
import { limitPersonFields, personFieldsFor } from './person-fields.js';

const trimmed = (v: string | undefined) => (v === undefined ? undefined : v.trim() || undefined);

export const popupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(BusinessSection);
  app.addSchema(DepartmentRow);
  app.addSchema(PersonRow);

  app.get(
    '/api/v1/cmmn/popup/bsns',
    {
      config: { access: access.login() },
      schema: {
        operationId: 'listBusinessSections',
        tags: ['popup'],
        summary: 'Business-section popup',
        querystring: BsnsQuery,
        response: { 200: Type.Array(Type.Ref('BusinessSection')), ...commonErrors },
      },
    },
    async (request) => listBusinessSections(app.dbh.db, trimmed(request.query.selectOption)),
  );

  app.get(
    '/api/v1/cmmn/popup/dept',
    {
      config: { access: access.login() },
      schema: {
        operationId: 'listDepartments',
        tags: ['popup'],
        summary: 'Department popup',
        querystring: DeptQuery,
        response: { 200: Type.Array(Type.Ref('DepartmentRow')), ...commonErrors },
      },
    },
    async (request) => {
      const q = request.query;
      const sectionName = trimmed(q.sectionName);
      if (q.enabledBsns === 'N' && !sectionName) {
        throw badRequest('DEPT_SECTION_REQUIRED', '사업부문이 고정된 검색에는 사업부문이 필요합니다');
      }
      return listDepartments(app.dbh.db, {
        sectionName,
        deptnm: trimmed(q.deptnm),
        searchOption: q.searchOption,
        compYn: q.compYn,
      });
    },
  );

  app.get(
    '/api/v1/cmmn/popup/person',
    {
      config: { access: access.login() },
      schema: {
        operationId: 'listPeople',
        tags: ['popup'],
        summary: 'Person popup (spec §5: name or single ID; a name needs 2 characters)',
        querystring: PersonQuery,
        response: { 200: Type.Array(Type.Ref('PersonRow')), ...commonErrors },
      },
    },
    async (request) => {
      const filter = {
        hname: trimmed(request.query.hname),
        singleid: trimmed(request.query.singleid),
        sectionName: trimmed(request.query.sectionName),
        deptcd: trimmed(request.query.deptcd),
      };
      const problem = validatePersonSearch({ hname: filter.hname ?? '', singleid: filter.singleid ?? '' });
      if (problem) throw badRequest(problem, PERSON_SEARCH_MESSAGES_KO[problem]);
      const rows = await listPeople(app.dbh.db, filter);
      return limitPersonFields(rows, await personFieldsFor(app.dbh.db, request.caller!));
    },
  );
};

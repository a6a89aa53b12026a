import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import * as C from '../../../lib/constants.js';
import { CLOCK_SKEW_THRESHOLD_MS } from '../../../lib/date.js';
import { Lang, Resources } from './schemas.js';
import { messagesInLanguage } from './service.js';

const LOCALES = [
  { lang: 'ko', name: '한국어', default: true },
  { lang: 'en', name: 'English', default: false },
];

export const commonRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(Resources);
  const messagesIn = (lang: 'ko' | 'en') => messagesInLanguage(app.dbh.db, lang);
  app.get(
    '/api/v1/common/resources',
    {
      // Public: the login pages need messages and limits before anyone is logged in.
      config: { access: access.public() },
      schema: {
        operationId: 'getResources',
        tags: ['common'],
        summary: 'Constants, available languages and messages',
        querystring: Type.Object({ lang: Type.Optional(Lang) }, { additionalProperties: false }),
        response: { 200: Type.Ref('Resources'), ...commonErrors },
      },
    },
    async (request) => {
      const message = await messagesIn(request.query.lang ?? 'ko');
      return {
        consts: {
          gridVisibleRows: C.GRID_VISIBLE_ROWS,
          gridRowHeight: C.GRID_ROW_HEIGHT,
          gridHeaderHeight: C.GRID_HEADER_HEIGHT,
          popupGridHeight: C.POPUP_GRID_HEIGHT,
          chunkLoadTimeoutMs: C.CHUNK_LOAD_TIMEOUT_MS,
          clockSkewThresholdMs: CLOCK_SKEW_THRESHOLD_MS,
          modalZIndexBase: C.MODAL_Z_INDEX_BASE,
          menuLayoutWidths: C.MENU_LAYOUT_WIDTHS,
          menuBreakpoint: C.MENU_BREAKPOINT,
          menuColumnsPerRow: C.MENU_COLUMNS_PER_ROW,
          exportExtension: C.EXPORT_EXTENSION,
          uploadLimitMb: app.config.uploadLimitMb,
          loginMode: app.config.loginMode,
          defaultLanguage: C.DEFAULT_LOCALE,
          // real time: the client measures its clock skew for token timing against the real time
          serverTime: Date.now(),
        },
        locale: LOCALES,
        message,
      };
    },
  );

  app.get(
    '/api/v1/common/locale',
    {
      config: { access: access.public() },
      schema: {
        operationId: 'getLocales',
        tags: ['common'],
        summary: 'Languages the portals speak (ko default)',
        response: {
          200: Type.Array(Type.Object({ lang: Type.String(), name: Type.String(), default: Type.Boolean() })),
          ...commonErrors,
        },
      },
    },
    async () => LOCALES,
  );

  app.get(
    '/api/v1/common/message',
    {
      config: { access: access.public() },
      schema: {
        operationId: 'getMessages',
        tags: ['common'],
        summary: 'Messages (key → text) in one language; edits in messageManage show here at once',
        querystring: Type.Object({ lang: Type.Optional(Lang) }, { additionalProperties: false }),
        response: { 200: Type.Record(Type.String(), Type.String()), ...commonErrors },
      },
    },
    async (request) => messagesIn(request.query.lang ?? 'ko'),
  );
};

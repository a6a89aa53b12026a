import { Type } from 'typebox';

const YN = Type.Union([Type.Literal('Y'), Type.Literal('N')]);
const Text = (max: number, description?: string) =>
  Type.String({ maxLength: max, ...(description ? { description } : {}) });

export const BsnsQuery = Type.Object(
  { selectOption: Type.Optional(Text(100, 'Part of a business-section name; empty lists every section in use')) },
  { additionalProperties: false },
);
export const BusinessSection = Type.Object(
  { topDept: Type.String(), sectionName: Type.String() },
  { $id: 'BusinessSection', title: 'BusinessSection' },
);

export const DeptQuery = Type.Object(
  {
    sectionName: Type.Optional(Text(100, 'Business section name or code (topDept)')),
    deptnm: Type.Optional(Text(100, 'Part of the department name')),
    searchOption: Type.Optional(
      Type.Union([Type.Literal('LIKE'), Type.Literal('EQ')], {
        description: 'LIKE (default): name contains deptnm; EQ: exact name',
      }),
    ),
    enabledBsns: Type.Optional(
      Type.Union([YN], { description: 'N: the section is fixed, so sectionName is required' }),
    ),
    compYn: Type.Optional(Type.Union([YN], { description: 'Y: only departments that act as a company unit' })),
  },
  { additionalProperties: false },
);
export const DepartmentRow = Type.Object(
  {
    yyyymm: Type.String(),
    deptcd: Type.String(),
    topDept: Type.String(),
    indept: Type.Union([Type.String(), Type.Null()]),
    sectionName: Type.String(),
    deptnm: Type.String(),
  },
  { $id: 'DepartmentRow', title: 'DepartmentRow' },
);

export const PersonQuery = Type.Object(
  {
    hname: Type.Optional(Text(50, 'Name (at least 2 characters when given)')),
    singleid: Type.Optional(Text(30, 'Single ID (employee number)')),
    sectionName: Type.Optional(Text(100, 'Business section name or code')),
    deptcd: Type.Optional(Text(20, 'Department code')),
  },
  { additionalProperties: false },
);
const Nullable = (s: ReturnType<typeof Type.String>) => Type.Union([s, Type.Null()]);
export const PersonRow = Type.Object(
  {
    singleid: Type.String(),
    hname: Type.String(),
    ename: Type.String(),
    section: Type.String(),
    sectionName: Type.String(),
    deptcd: Type.String(),
    deptnm: Type.String(),
    position: Type.String(),
    positionNm: Type.String(),
    inDeptCode: Nullable(Type.String()),
    site: Nullable(Type.String()),
    telNo: Nullable(Type.String()),
    email: Nullable(Type.String()),
    appChk: Type.String(),
    status: Type.String(),
    statusDt: Nullable(Type.String()),
    auth: Nullable(Type.String()),
    sessionId: Nullable(Type.String()),
    loginIp: Nullable(Type.String()),
    authGroupId: Nullable(Type.String()),
    useFlag: Nullable(Type.String()),
  },
  { $id: 'PersonRow', title: 'PersonRow' },
);

import type { Static } from 'typebox';
import { diffLines } from 'diff';
import { josa } from '../../../lib/josa.js';
import type { ApiIndex } from '../../../lib/screen-check/cross-check.js';
import { groupHoldsScreen } from '../../auth/menu-authority.js';
import { AUTH_CODES } from '../../auth/codes.js';
import type { Caller } from '../../auth/plugin.js';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import { checkVersion, invalid, missing, notAllowed, refused, wrongState } from '../../domain/errors.js';
import type { Portal } from '../../http/access.js';
import { pageWindow } from '../../http/list-query.js';
import {
  completed,
  definitionProblems,
  storedCallProblems,
  inWords,
  isBuiltInRoute,
  menuPathOf,
  parseSource,
  routeOf,
  type StudioProblem,
} from './check.js';
import { generateListScreen, listOperations, portalFor } from './generate.js';
import * as q from './queries.js';
import { structuralDiff } from '../../../lib/screen-check/structural-diff.js';
import {
  fieldOperations as fieldOperationsOf,
  labelsAsShown,
  labelsByContext,
} from '../../../lib/screen-check/label-choice.js';
import { SCREEN_FIELD_LABELS } from '../../../schemas/screen-field-labels.generated.js';
import type {
  CheckBody,
  CreateBody,
  DraftBody,
  GenerateBody,
  ImportBody,
  PublishBody,
  StudioListQuery,
  VersionBody,
} from './schemas.js';
import {
  ENTITY,
  screenMissing,
  versionMissing,
  checkSize,
  refuseProblems,
  allProblems,
  summary,
  sameLabels,
  cleanLabels,
} from './common.js';
import type { StudioCtx } from './common.js';
export type { StudioCtx } from './common.js';
export { driftReport, previewAsGroup } from './drift.js';
export type { DriftCache } from './drift.js';

/**
 * The contract as the editor completes it: every operation with its parameters and fields, what it
 * is in the reader's words (the menu of the first screen it serves, else the contract's summary) and the
 * screens that use it (the menus its access names).
 */
export async function studioOperations(ctx: StudioCtx) {
  const ops = Object.values(ctx.api());
  const screensOf = (id: string) => {
    const access = ctx.operations.get(id)?.access;
    return access && access.kind === 'login' ? access.screens : [];
  };
  const menus = await q.menusOfPaths(ctx.db, [...new Set(ops.flatMap((o) => screensOf(o.id)))]);
  const rows = ops
    .map((o) => {
      const used = screensOf(o.id).flatMap((path) => menus.filter((m) => m.sspUrl === path));
      const screens = [...new Set(used.map((m) => (ctx.lang === 'en' ? m.pgmNameEn || m.pgmName : m.pgmName)))];
      const summary = screens[0] ?? o.summary ?? null;
      const built = Object.hasOwn(SCREEN_FIELD_LABELS, o.id) ? SCREEN_FIELD_LABELS[o.id]! : null;
      return {
        ...{
          id: o.id,
          method: o.method,
          path: o.path,
          list: o.list,
          pathParams: o.pathParams,
          queryParams: o.queryParams,
          sortFields: o.sortFields,
          rowFields: o.rowFields,
          answerFields: o.answerFields,
          bodyFields: o.bodyFields,
        },
        ...{
          summary,
          // Both languages: the studio words the check's problems again when its language changes.
          title: o.title ?? null,
          screens,
          fieldTexts: o.fieldTexts ?? {},
          screen: built?.screen ?? null,
          screenLabels: built?.fields ?? {},
        },
      };
    })
    .sort((a, b) => a.id.localeCompare(b.id));
  return { rows, total: rows.length };
}

export async function listStudioScreens(ctx: StudioCtx, query: Static<typeof StudioListQuery>) {
  const { rows, total } = await q.listScreens(
    ctx.db,
    { name: query.name?.trim() || undefined, portal: query.portal },
    pageWindow(query),
  );
  return {
    rows: rows.map((r) => ({
      ...r,
      route: routeOf(r.name, r.portal),
      problemCount: Number(r.problemCount),
      updatedAt: r.updatedAt,
    })),
    total,
  };
}

async function screenAnswer(ctx: StudioCtx, name: string) {
  const db = ctx.db;
  const s = await q.findScreen(db, name);
  if (!s) throw screenMissing();
  const published = s.publishedVersion ? await q.findVersion(db, name, s.publishedVersion) : undefined;
  const menuRow = s.pgmId ? await q.findMenuRow(db, s.pgmId) : undefined;
  const grants = s.pgmId ? await q.menuGrants(db, s.pgmId) : [];
  return {
    name: s.name,
    portal: s.portal,
    route: routeOf(s.name, s.portal),
    kind: s.kind,
    title: s.title,
    source: s.draftSource,
    labels: s.draftLabels,
    problems: (s.draftProblems as StudioProblem[]).map((p) => inWords(p, ctx.lang, ctx.api())),
    draftVersion: s.draftVersion,
    publishedVersion: s.publishedVersion,
    draftIsPublished: !!published && published.source === s.draftSource && sameLabels(published.labels, s.draftLabels),
    menu: menuRow
      ? {
          pgmId: menuRow.pgmId,
          parentId: menuRow.parentId,
          pgmName: menuRow.pgmName,
          pgmNameEn: menuRow.pgmNameEn,
          groups: grants,
        }
      : null,
    updatedBy: s.updatedBy,
    updatedAt: s.updatedAt,
  };
}

export const getStudioScreen = (ctx: StudioCtx, name: string) => screenAnswer(ctx, name);

/** A check without saving: what the studio shows while the analyst types. */
export async function checkStudioScreen(ctx: StudioCtx, body: Static<typeof CheckBody>) {
  checkSize(body.source);
  const { problems } = await allProblems(ctx, body.name, body.portal, body.source);
  return { valid: problems.length === 0, problems: problems.map((p) => inWords(p, ctx.lang, ctx.api())) };
}

/** A new stored screen: its name is its route, so a name taken (in any case) or a built-in route is refused. */
export async function createStudioScreen(ctx: StudioCtx, body: Static<typeof CreateBody>, action = 'CREATE') {
  checkSize(body.source);
  const path = menuPathOf(body.name);
  if (isBuiltInRoute(body.portal, path))
    throw refused('ROUTE_SHADOWS_BUILT_IN', `${josa(path, '은/는')} 앱에 이미 있는 경로입니다. 다른 이름을 쓰세요`, [
      { path: 'body/name', message: '앱에 이미 있는 경로입니다' },
    ]);
  const { problems } = await allProblems(ctx, body.name, body.portal, body.source);
  const labels = cleanLabels(body.labels);
  const actor = ctx.caller.userId;
  await ctx.db.transaction().execute(async (trx) => {
    const taken = await q.listScreens(trx, { name: body.name }, { limit: 50, offset: 0 });
    const same = taken.rows.find((r) => r.name.toLowerCase() === body.name.toLowerCase());
    if (same)
      throw refused('DUPLICATE_ROUTE', `${routeOf(same.name, same.portal)} 경로의 화면이 이미 있습니다`, [
        { path: 'body/name', message: '이미 있는 화면 이름입니다' },
      ]);
    const menus = await q.menusOpening(trx, body.portal, path, null);
    if (menus.length > 0)
      throw refused('DUPLICATE_ROUTE', `${path} 경로는 이미 메뉴 ${josa(menus.join(', '), '이/가')} 엽니다`, [
        { path: 'body/name', message: '이미 메뉴가 있는 경로입니다' },
      ]);
    const { kind, title } = summary(body.source, body.name);
    await q.insertScreen(trx, {
      name: body.name,
      portal: body.portal,
      kind,
      title,
      source: body.source,
      labels,
      problems,
      actor,
    });
    await writeAudit(trx, {
      entity: ENTITY,
      entityKey: body.name,
      action,
      actor,
      after: { portal: body.portal, source: body.source, labels, problems: problems.length },
    });
  });
  return screenAnswer(ctx, body.name);
}

/**
 * Saves the draft as typed, valid or not (its problems are kept with it, the list shows how
 * many). A stale version is 409 and the stored draft stays as the other analyst saved it.
 */
export async function saveDraft(ctx: StudioCtx, name: string, body: Static<typeof DraftBody>, action = 'SAVE_DRAFT') {
  checkSize(body.source);
  const current = await q.findScreen(ctx.db, name);
  if (!current) throw screenMissing();
  checkVersion(body.version, current.draftVersion);
  const { problems } = await allProblems(ctx, name, current.portal, body.source);
  const labels = cleanLabels(body.labels);
  const actor = ctx.caller.userId;
  await ctx.db.transaction().execute(async (trx) => {
    const before = await q.findScreen(trx, name, true);
    if (!before) throw screenMissing();
    checkVersion(body.version, before.draftVersion);
    const { kind, title } = summary(body.source, name);
    await q.updateDraft(trx, name, {
      kind,
      title,
      source: body.source,
      labels,
      problems,
      version: before.draftVersion + 1,
      actor,
    });
    await writeAudit(trx, {
      entity: ENTITY,
      entityKey: name,
      action,
      actor,
      before: { draftVersion: before.draftVersion, source: before.draftSource, labels: before.draftLabels },
      after: { draftVersion: before.draftVersion + 1, source: body.source, labels, problems: problems.length },
    });
  });
  return screenAnswer(ctx, name);
}

/** The menu row's place: a folder of the screen's portal, at most two levels deep. */
async function checkPlace(trx: Db, portal: Portal, parentId: string) {
  const parent = await q.findMenuRow(trx, parentId);
  const at = [{ path: 'body/parentId', message: '' }];
  if (!parent)
    throw invalid('MENU_PARENT_NOT_FOUND', '상위 메뉴를 찾을 수 없습니다', [
      { ...at[0], message: '상위 메뉴를 찾을 수 없습니다' },
    ]);
  if (parent.portal !== portal)
    throw invalid('MENU_PARENT_PORTAL', '다른 포털의 메뉴 아래에는 게시할 수 없습니다', [
      { ...at[0], message: '다른 포털의 메뉴입니다' },
    ]);
  if (parent.leaf === 'T')
    throw invalid('MENU_PARENT_LEAF', '화면 메뉴(leaf) 아래에는 게시할 수 없습니다. 상위 메뉴(폴더)를 고르세요', [
      { ...at[0], message: '화면 메뉴 아래에는 둘 수 없습니다' },
    ]);
  if (parent.depth >= 3)
    throw invalid('MENU_TOO_DEEP', '메뉴는 3단계까지만 둘 수 있습니다', [
      { ...at[0], message: '메뉴는 3단계까지입니다' },
    ]);
  return parent;
}

async function checkGroups(trx: Db, portal: Portal, groups: Array<{ authGroupId: string; canWrite: 'Y' | 'N' }>) {
  const ids = [...new Set(groups.map((g) => g.authGroupId))];
  if (ids.length !== groups.length)
    throw invalid('VALIDATION', '권한그룹이 두 번 있습니다', [
      { path: 'body/groups', message: '권한그룹이 두 번 있습니다' },
    ]);
  const found = await q.groupsOfPortal(trx, ids);
  const bad = groups
    .map((g, i) => ({ g, i, row: found.find((f) => f.authGroupId === g.authGroupId) }))
    .filter(({ row }) => !row || row.portal !== portal || row.useYn !== 'Y');
  if (bad.length > 0) {
    throw invalid(
      'MENU_GROUP_INVALID',
      `이 포털에서 쓸 수 없는 권한그룹입니다: ${bad.map(({ g }) => g.authGroupId).join(', ')}`,
      bad.map(({ i }) => ({
        path: `body/groups/${i}/authGroupId`,
        message: '이 포털의 사용 중인 권한그룹이 아닙니다',
      })),
    );
  }
}

const pgmIdOf = (name: string) => `S_${name}`;

/**
 * Publishes the draft: checked again (the language, the API, the author's authority), then in one
 * transaction a new version, the menu row at the chosen place and the groups that may open it,
 * audited. Menus are read per request, so the screen is in every server's menu at once.
 */
export async function publishScreen(ctx: StudioCtx, name: string, body: Static<typeof PublishBody>) {
  const current = await q.findScreen(ctx.db, name);
  if (!current) throw screenMissing();
  checkVersion(body.version, current.draftVersion);
  const { problems } = await allProblems(ctx, name, current.portal, current.draftSource);
  if (problems.length > 0) refuseProblems(ctx, problems, '게시');
  const actor = ctx.caller.userId;
  const path = menuPathOf(name);
  if (isBuiltInRoute(current.portal, path))
    throw refused('ROUTE_SHADOWS_BUILT_IN', `${josa(path, '은/는')} 앱에 이미 있는 경로입니다`);
  const versionNo = await ctx.db.transaction().execute(async (trx) => {
    const s = await q.findScreen(trx, name, true);
    if (!s) throw screenMissing();
    // The version read is the text checked above: a save in between moved it.
    checkVersion(body.version, s.draftVersion);
    const pgmId = s.pgmId ?? pgmIdOf(name);
    const others = await q.menusOpening(trx, s.portal, path, s.pgmId);
    if (others.length > 0)
      throw refused(
        'DUPLICATE_ROUTE',
        `${routeOf(name, s.portal)} 경로는 이미 메뉴 ${josa(others.join(', '), '이/가')} 엽니다`,
        [{ path: 'body/parentId', message: '이미 메뉴가 있는 경로입니다' }],
      );
    const parent = await checkPlace(trx, s.portal, body.parentId);
    await checkGroups(trx, s.portal, body.groups);
    const no = await q.nextVersionNo(trx, name);
    await q.insertVersion(trx, {
      name,
      versionNo: no,
      source: s.draftSource,
      labels: s.draftLabels,
      note: body.note?.trim() || null,
      restoredFrom: null,
      actor,
    });
    const menu = {
      parentId: parent.pgmId,
      depth: parent.depth + 1,
      pgmName: body.menuName.trim(),
      pgmNameEn: body.menuNameEn.trim(),
    };
    const existing = s.pgmId ? await q.findMenuRow(trx, s.pgmId) : undefined;
    if (existing) {
      const sortOrder =
        existing.parentId === parent.pgmId ? existing.sortOrder : await q.nextSortOrder(trx, parent.pgmId);
      await q.updateMenuRow(trx, pgmId, { ...menu, sortOrder });
    } else {
      if (await q.findMenuRow(trx, pgmId))
        throw refused('DUPLICATE_KEY', `메뉴 ID ${josa(pgmId, '이/가')} 이미 있습니다`, [
          { path: 'body/parentId', message: `메뉴 ID ${josa(pgmId, '이/가')} 이미 있습니다` },
        ]);
      await q.insertMenuRow(trx, {
        pgmId,
        ...menu,
        sspUrl: path,
        portal: s.portal,
        sortOrder: await q.nextSortOrder(trx, parent.pgmId),
      });
    }
    const grants = body.groups.map((g) => ({ authGroupId: g.authGroupId, canWrite: g.canWrite }));
    await q.replaceMenuGrants(trx, pgmId, grants);
    await q.grantAncestors(trx, parent.pgmId, grants);
    await q.setPublished(trx, name, { publishedVersion: no, pgmId, draftVersion: s.draftVersion + 1, actor });
    await writeAudit(trx, {
      entity: ENTITY,
      entityKey: name,
      action: 'PUBLISH',
      actor,
      reason: body.note?.trim() || null,
      before: { publishedVersion: s.publishedVersion, menu: existing ?? null },
      after: { publishedVersion: no, route: routeOf(name, s.portal), menu: { pgmId, ...menu }, groups: grants },
    });
    await writeAudit(trx, {
      entity: 'menu',
      entityKey: pgmId,
      action: existing ? 'UPDATE' : 'CREATE',
      actor,
      before: existing,
      after: { ...menu, sspUrl: path, portal: s.portal, grants, by: `screen studio: ${name} v${no}` },
    });
    return no;
  });
  return { ...(await screenAnswer(ctx, name)), publishedVersion: versionNo };
}

/** Takes the screen off the menu: its menu row and grants are removed; its versions stay. */
export async function unpublishScreen(ctx: StudioCtx, name: string, body: Static<typeof VersionBody>) {
  const actor = ctx.caller.userId;
  await ctx.db.transaction().execute(async (trx) => {
    const s = await q.findScreen(trx, name, true);
    if (!s) throw screenMissing();
    checkVersion(body.version, s.draftVersion);
    if (s.publishedVersion === null) throw wrongState('게시되지 않은 화면입니다', 'DRAFT');
    const menu = s.pgmId ? await q.findMenuRow(trx, s.pgmId) : undefined;
    const grants = s.pgmId ? await q.menuGrants(trx, s.pgmId) : [];
    await q.setPublished(trx, name, { publishedVersion: null, pgmId: null, draftVersion: s.draftVersion + 1, actor });
    if (s.pgmId) await q.deleteMenuRow(trx, s.pgmId);
    await writeAudit(trx, {
      entity: ENTITY,
      entityKey: name,
      action: 'UNPUBLISH',
      actor,
      reason: body.note?.trim() || null,
      before: { publishedVersion: s.publishedVersion, menu, grants },
    });
    if (s.pgmId)
      await writeAudit(trx, {
        entity: 'menu',
        entityKey: s.pgmId,
        action: 'DELETE',
        actor,
        before: { ...menu, grants },
      });
  });
  return screenAnswer(ctx, name);
}

export async function listScreenVersions(ctx: StudioCtx, name: string) {
  const s = await q.findScreen(ctx.db, name);
  if (!s) throw screenMissing();
  const rows = await q.listVersions(ctx.db, name);
  return {
    rows: rows.map((r) => ({ ...r, published: r.versionNo === s.publishedVersion, createdAt: r.createdAt })),
    total: rows.length,
  };
}

export async function getScreenVersion(ctx: StudioCtx, name: string, versionNo: number) {
  const v = await q.findVersion(ctx.db, name, versionNo);
  if (!v) throw versionMissing();
  return {
    versionNo: v.versionNo,
    source: v.source,
    labels: v.labels,
    note: v.note,
    createdBy: v.createdBy,
    createdAt: v.createdAt,
  };
}

/** What changed from a version to the draft (or to another version): lines of the text, and labels. */
export async function diffScreenVersion(ctx: StudioCtx, name: string, versionNo: number, against: string | undefined) {
  const s = await q.findScreen(ctx.db, name);
  if (!s) throw screenMissing();
  const from = await q.findVersion(ctx.db, name, versionNo);
  if (!from) throw versionMissing();
  let to: { label: string; source: string; labels: q.LabelMap };
  if (!against || against === 'draft') to = { label: 'draft', source: s.draftSource, labels: s.draftLabels };
  else {
    const v = await q.findVersion(ctx.db, name, Number(against));
    if (!v) throw versionMissing();
    to = { label: `v${v.versionNo}`, source: v.source, labels: v.labels };
  }
  const lines: Array<{ op: '=' | '+' | '-'; text: string }> = [];
  for (const part of diffLines(from.source, to.source)) {
    const op = part.added ? '+' : part.removed ? '-' : '=';
    const texts = part.value.replace(/\n$/, '').split('\n');
    for (const text of texts) lines.push({ op, text });
  }
  const fields = [...new Set([...Object.keys(from.labels), ...Object.keys(to.labels)])].sort();
  const labels = fields
    .filter((f) => JSON.stringify(from.labels[f] ?? null) !== JSON.stringify(to.labels[f] ?? null))
    .map((f) => ({ field: f, from: from.labels[f] ?? null, to: to.labels[f] ?? null }));
  const [before, after] = [parseSource(from.source).definition, parseSource(to.source).definition];
  // By JSON pointer when both parse: formatting alone is no change, a moved column one move. Null: compare the lines.
  const changes = before === undefined || after === undefined ? null : structuralDiff(before, after);
  return { from: `v${from.versionNo}`, to: to.label, lines, labels, changes };
}

/**
 * Restores a version: it becomes the draft and, when the screen is published, the published screen
 * at once (as a new version that names where it came from). Checked again first: the API may have
 * changed since, and an invalid version is refused with its problems, nothing changed.
 */
export async function restoreScreenVersion(
  ctx: StudioCtx,
  name: string,
  versionNo: number,
  body: Static<typeof VersionBody>,
) {
  const current = await q.findScreen(ctx.db, name);
  if (!current) throw screenMissing();
  checkVersion(body.version, current.draftVersion);
  const v = await q.findVersion(ctx.db, name, versionNo);
  if (!v) throw versionMissing();
  if (current.publishedVersion !== null) {
    const { problems } = await allProblems(ctx, name, current.portal, v.source);
    if (problems.length > 0) refuseProblems(ctx, problems, '복원');
  }
  const actor = ctx.caller.userId;
  await ctx.db.transaction().execute(async (trx) => {
    const s = await q.findScreen(trx, name, true);
    if (!s) throw screenMissing();
    checkVersion(body.version, s.draftVersion);
    const { problems } = definitionProblems({ name, portal: s.portal, source: v.source, api: ctx.api() });
    const { kind, title } = summary(v.source, name);
    await q.updateDraft(trx, name, {
      kind,
      title,
      source: v.source,
      labels: v.labels,
      problems,
      version: s.draftVersion + 1,
      actor,
    });
    let publishedVersion = s.publishedVersion;
    if (s.publishedVersion !== null) {
      publishedVersion = await q.nextVersionNo(trx, name);
      await q.insertVersion(trx, {
        name,
        versionNo: publishedVersion,
        source: v.source,
        labels: v.labels,
        note: body.note?.trim() || `v${versionNo} 복원`,
        restoredFrom: versionNo,
        actor,
      });
      await q.setPublished(trx, name, { publishedVersion, pgmId: s.pgmId, draftVersion: s.draftVersion + 1, actor });
    }
    await writeAudit(trx, {
      entity: ENTITY,
      entityKey: name,
      action: 'RESTORE',
      actor,
      reason: body.note?.trim() || null,
      before: { draftVersion: s.draftVersion, publishedVersion: s.publishedVersion, source: s.draftSource },
      after: { restoredFrom: versionNo, draftVersion: s.draftVersion + 1, publishedVersion },
    });
  });
  return screenAnswer(ctx, name);
}

/**
 * The `.screen.json` a developer commits to screens/: the published version (or the draft when
 * none is), with its id and route, and the labels as i18n texts under screen.studio.<name>.
 */
export async function exportScreen(ctx: StudioCtx, name: string, versionNo: number | undefined) {
  const s = await q.findScreen(ctx.db, name);
  if (!s) throw screenMissing();
  const no = versionNo ?? s.publishedVersion;
  const v = no ? await q.findVersion(ctx.db, name, no) : undefined;
  if (no && !v) throw versionMissing();
  const source = v?.source ?? s.draftSource;
  const labels = v?.labels ?? s.draftLabels;
  const { definition } = parseSource(source);
  if (definition === undefined || typeof definition !== 'object' || Array.isArray(definition))
    throw invalid('SCREEN_DEFINITION_INVALID', '올바른 JSON이 아닌 화면 정의는 내보낼 수 없습니다');
  const prefix = `screen.studio.${name}`;
  const hasLabels = Object.keys(labels).length > 0;
  const full = completed(definition, name, s.portal);
  const file = {
    $schema: '../../schemas/screen.schema.json',
    ...full,
    ...(hasLabels && !(definition as { labels?: unknown }).labels ? { labels: prefix } : {}),
  };
  const texts = (lang: 'ko' | 'en') => ({
    screen: {
      studio: { [name]: Object.fromEntries(Object.entries(labels).map(([f, l]) => [f, l[lang] || l.ko || l.en])) },
    },
  });
  return {
    fileName: `${name}.screen.json`,
    content: `${JSON.stringify(file, null, 2)}\n`,
    version: v ? `v${v.versionNo}` : 'draft',
    i18n: hasLabels ? { ko: texts('ko'), en: texts('en') } : null,
  };
}

/**
 * The runtime: the published definition of a route with its labels, for a caller whose group may
 * open that route (the menu authority of the screen's menu row). The operations the screen calls
 * check their own authority as always.
 */
/**
 * The labels a published screen shows: the analyst's own, and for a field left unlabelled the words
 * its context gives (the operation's, then its built-in screen's) — the runtime falls back to the
 * shared dictionary only after these.
 */
function runtimeLabels(definition: unknown, own: q.LabelMap, api: ApiIndex): q.LabelMap {
  const fields = Object.keys(fieldOperationsOf(definition));
  const chosen = labelsByContext(
    definition,
    fields,
    own,
    (id) =>
      Object.hasOwn(api, id)
        ? {
            fieldTexts: api[id]!.fieldTexts,
            screenLabels: Object.hasOwn(SCREEN_FIELD_LABELS, id) ? SCREEN_FIELD_LABELS[id]!.fields : undefined,
          }
        : undefined,
    () => null,
  );
  return labelsAsShown(own, chosen) as q.LabelMap;
}

export async function publishedScreen(db: Db, caller: Caller, name: string, api: ApiIndex) {
  const p = await q.findPublished(db, name, caller.portal);
  if (!p) throw missing('SCREEN_NOT_FOUND', '게시된 화면이 없습니다');
  if (!(await groupHoldsScreen(db, caller.authGroupId, [menuPathOf(name)], 'read')))
    throw notAllowed(AUTH_CODES.GPMS006, 'GPMS006');
  const { definition } = parseSource(p.source);
  return {
    name,
    route: routeOf(name, caller.portal),
    versionNo: p.versionNo,
    definition: completed(definition, name, p.portal),
    labels: runtimeLabels(definition, p.labels, api),
  };
}

// ── The analyst's next steps: import, generate, what the contract breaks, preview as a group ──────

const LABEL_FIELD = /^[A-Za-z_][A-Za-z0-9_]{0,59}$/;
const NAME = /^[a-z][A-Za-z0-9]{1,37}$/;

/**
 * A labels file as export writes it (`{ ko: { screen: { studio: { <name>: { field: text } } } }, en: … }`)
 * or the label table itself (`{ field: { ko, en } }`) → the label table; 400 naming what is wrong.
 */
function labelsFromFile(file: unknown): q.LabelMap {
  const bad = (message: string) =>
    invalid('LABELS_FILE_INVALID', `라벨 파일을 읽을 수 없습니다: ${message}`, [{ path: 'body/labels', message }]);
  if (file === undefined || file === null) return {};
  if (typeof file !== 'object' || Array.isArray(file)) throw bad('JSON 객체가 아닙니다');
  const f = file as Record<string, unknown>;
  const texts = (lang: 'ko' | 'en'): Record<string, unknown> => {
    const studio = ((f[lang] as Record<string, unknown> | undefined)?.screen as Record<string, unknown> | undefined)
      ?.studio;
    if (studio === undefined) return {};
    if (!studio || typeof studio !== 'object') throw bad(`${lang}.screen.studio가 객체가 아닙니다`);
    const screens = Object.values(studio as Record<string, unknown>);
    if (screens.length !== 1 || !screens[0] || typeof screens[0] !== 'object')
      throw bad(`${lang}.screen.studio에는 화면 하나의 라벨만 둡니다`);
    return screens[0] as Record<string, unknown>;
  };
  const exported = 'ko' in f || 'en' in f;
  const table: Record<string, { ko: unknown; en: unknown }> = {};
  if (exported) {
    const ko = texts('ko');
    const en = texts('en');
    for (const field of new Set([...Object.keys(ko), ...Object.keys(en)]))
      table[field] = { ko: ko[field] ?? '', en: en[field] ?? '' };
  } else {
    for (const [field, l] of Object.entries(f)) {
      if (!l || typeof l !== 'object') throw bad(`${field}: { "ko": …, "en": … }가 아닙니다`);
      table[field] = { ko: (l as Record<string, unknown>).ko ?? '', en: (l as Record<string, unknown>).en ?? '' };
    }
  }
  const entries = Object.entries(table);
  if (entries.length > 300) throw bad(`라벨은 300개까지입니다 (${entries.length}개)`);
  const out: q.LabelMap = {};
  for (const [field, l] of entries) {
    if (!LABEL_FIELD.test(field)) throw bad(`${field}: 필드 이름이 아닙니다`);
    if (typeof l.ko !== 'string' || typeof l.en !== 'string') throw bad(`${field}: 라벨은 글자여야 합니다`);
    if (l.ko.length > 200 || l.en.length > 200) throw bad(`${field}: 라벨은 200자까지입니다`);
    out[field] = { ko: l.ko, en: l.en };
  }
  return out;
}

/**
 * The definition an imported file holds, as the studio stores it: what export added for the
 * developer's copy (`$schema`, the label prefix the labels file fills, the id, route and portals
 * that follow from the screen's name and portal) is taken off, so a file of another name imports
 * under this one and export writes them again. Text that is not a JSON object is kept as it is, so its problems are shown like a draft's.
 */
function importedSource(content: string): string {
  const { definition } = parseSource(content);
  if (!definition || typeof definition !== 'object' || Array.isArray(definition)) return content;
  const d = { ...(definition as Record<string, unknown>) };
  delete d.$schema;
  if (typeof d.labels === 'string' && d.labels.startsWith('screen.studio.')) delete d.labels;
  // The id, route and portals are the stored screen's name's and portal's (export fills them in again).
  delete d.id;
  delete d.route;
  delete d.portals;
  return `${JSON.stringify(d, null, 2)}\n`;
}

/** The screen a file names: its id (`studio.<name>`), else its file name (`<name>.screen.json`). */
function nameOfFile(content: string, fileName: string | undefined): string | undefined {
  const { definition } = parseSource(content);
  const id = (definition as { id?: unknown } | undefined)?.id;
  const fromId = typeof id === 'string' && id.startsWith('studio.') ? id.slice('studio.'.length) : undefined;
  if (fromId && NAME.test(fromId)) return fromId;
  const fromFile = fileName?.replace(/^.*[\\/]/, '').replace(/\.screen\.json$/i, '');
  return fromFile && NAME.test(fromFile) ? fromFile : undefined;
}

function portalOfFile(content: string): Portal | undefined {
  const { definition } = parseSource(content);
  const portals = (definition as { portals?: unknown } | undefined)?.portals;
  return Array.isArray(portals) && portals.length === 1
    ? portals[0] === 'external'
      ? 'X'
      : portals[0] === 'internal'
        ? 'I'
        : undefined
    : undefined;
}

/**
 * Brings a `.screen.json` (and its labels) in: a new screen, or — with the draft version read —
 * the draft of the screen of that name. The same check as a draft typed in the editor; nothing is
 * published (publishing checks again, with the author's authority).
 */
export async function importScreen(ctx: StudioCtx, body: Static<typeof ImportBody>) {
  const name = body.name ?? nameOfFile(body.content, body.fileName);
  if (!name)
    throw invalid('SCREEN_NAME_REQUIRED', '화면 이름을 알 수 없습니다. 이름을 적어 주세요', [
      { path: 'body/name', message: '화면 이름을 적어 주세요' },
    ]);
  const labels = labelsFromFile(body.labels);
  const existing = await q.findScreen(ctx.db, name);
  if (existing) {
    if (body.version === undefined) {
      throw refused(
        'SCREEN_EXISTS',
        `${josa(name, '이/가')} 이미 있습니다. 그 화면의 초안으로 들이려면 초안 버전을 함께 보내세요`,
        [{ path: 'body/version', message: '초안 버전이 필요합니다' }],
      );
    }
    return saveDraft(ctx, name, { version: body.version, source: importedSource(body.content), labels }, 'IMPORT');
  }
  const portal = body.portal ?? portalOfFile(body.content) ?? 'I';
  return createStudioScreen(ctx, { name, portal, source: importedSource(body.content), labels }, 'IMPORT');
}

/** The list operations the generator can start from (GET, answering `{ rows, total }`). */
export function generatableOperations(ctx: StudioCtx) {
  const api = ctx.api();
  const rows = listOperations(ctx.doc()).map((l) => ({
    id: l.id,
    title: api[l.id]?.title?.[ctx.lang] ?? l.id,
    path: l.path,
    summary: l.summary,
    portal: portalFor(ctx.operations.get(l.id)?.access, isBuiltInRoute),
  }));
  return { rows, total: rows.length };
}

/**
 * A list screen from a list operation: its source, every row field as a typed column, its filters
 * from the parameters. Saves nothing; answers the definition, the portal it belongs to and the
 * problems of the definition (none, for every list operation of the contract: a test holds it).
 * The analyst's authority for the operation is asked, as always, when the draft is saved.
 */
export function generateScreen(ctx: StudioCtx, body: Static<typeof GenerateBody>) {
  const list = listOperations(ctx.doc()).find((l) => l.id === body.operation);
  if (!list)
    throw invalid(
      'NOT_A_LIST_OPERATION',
      `${josa(body.operation, '은/는')} 목록을 읽는 조작(GET, { rows, total })이 아닙니다`,
      [{ path: 'body/operation', message: '목록 조작이 아닙니다' }],
    );
  // Named as the built-in screen that reads the operation names it and its fields (its title, its labels), in
  // Korean; the contract's summary is a developer's English. A field no screen labels keeps the dictionary's word.
  const builtIn = Object.hasOwn(SCREEN_FIELD_LABELS, list.id) ? SCREEN_FIELD_LABELS[list.id]! : null;
  // Its values as that screen names them (its code groups, its choices' words in the analyst's language), else
  // as any built-in screen names the same field's values, else a Y/N flag as 예/아니오.
  const options: Record<string, Record<string, string>> = {};
  for (const entry of [builtIn, ...Object.values(SCREEN_FIELD_LABELS)])
    for (const [field, byValue] of Object.entries(entry?.options ?? {}))
      for (const [value, words] of Object.entries(byValue)) (options[field] ??= {})[value] ??= words[ctx.lang];
  const yesNo = ctx.lang === 'ko' ? { Y: '예', N: '아니오' } : { Y: 'Yes', N: 'No' };
  for (const field of Object.keys(list.rows.properties as Record<string, unknown>))
    if (/Yn$/.test(field)) options[field] = { ...yesNo, ...options[field] };
  const { definition, fields } = generateListScreen(ctx.doc(), list, builtIn?.title?.ko ?? null, {
    codeGroups: builtIn?.codeGroups,
    options,
  });
  const words = ctx.api()[list.id];
  const labels = labelsAsShown(
    {},
    labelsByContext(
      definition,
      fields,
      {},
      () => ({ fieldTexts: words?.fieldTexts, screenLabels: builtIn?.fields }),
      () => null,
    ),
  );
  const portal = portalFor(ctx.operations.get(list.id)?.access, isBuiltInRoute);
  const source = `${JSON.stringify(definition, null, 2)}\n`;
  // The definition's own problems: whether the analyst may call the operation is the check's when it is saved.
  const found = definitionProblems({ name: body.name ?? 'generated', portal, source, api: ctx.api() });
  const problems = [
    ...found.problems,
    ...(found.definition === undefined ? [] : storedCallProblems(found.definition, ctx.operations)),
  ];
  return { operation: list.id, portal, source, fields, labels, problems };
}

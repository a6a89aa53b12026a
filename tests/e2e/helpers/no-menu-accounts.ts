import type { Db } from '../../../server/db/connect';

/** Accounts of groups that hold no menu at all: they may log in, and open nothing. */
export const NO_MENU_USERS = { internal: 'nomenu', external: 'nomenux' } as const;

/**
 * Adds two accounts whose authority groups grant no menu — one per portal, copied from `buyer` and
 * `supplier2` (same password, same company) — so that every route has a user without its menu, even
 * the ones every demo group may open. The shared browser-test server has them (tests/e2e/global-setup.ts).
 */
export async function addNoMenuAccounts(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('authGroup')
      .values([
        {
          authGroupId: 'T1',
          nameKo: '메뉴 없음(시험)',
          nameEn: 'No menus (test)',
          portal: 'I',
          description: 'e2e: holds no menu',
        },
        {
          authGroupId: 'T2',
          nameKo: '협력사 메뉴 없음(시험)',
          nameEn: 'Supplier, no menus (test)',
          portal: 'X',
          description: 'e2e: holds no menu',
        },
      ])
      .execute();
    for (const [from, to, group] of [
      ['buyer', NO_MENU_USERS.internal, 'T1'],
      ['supplier2', NO_MENU_USERS.external, 'T2'],
    ] as const) {
      const row = await trx.selectFrom('appUser').selectAll().where('userId', '=', from).executeTakeFirstOrThrow();
      const { createdAt: _c, updatedAt: _u, ...rest } = row;
      // An internal account belongs to an employee of its own (one account per employee): a new
      // colleague in the same department.
      let singleid: string | null = null;
      if (row.portal === 'I' && row.singleid) {
        const employee = await trx
          .selectFrom('employee')
          .selectAll()
          .where('singleid', '=', row.singleid)
          .executeTakeFirstOrThrow();
        singleid = 'T9000001';
        await trx
          .insertInto('employee')
          .values({ ...employee, singleid, hname: '권한없음', ename: 'No Menus' })
          .execute();
      }
      await trx
        .insertInto('appUser')
        .values({ ...rest, userId: to, singleid, authGroupId: group, version: 1 })
        .execute();
    }
  });
}

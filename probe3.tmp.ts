import { connect } from './server/db/connect.js';
import * as Q from './server/modules/fulfilment/warehousing/queries.js';
const dbh = await connect({ databaseUrl: process.env.U ?? null, pgliteDir: process.env.D ?? null });
const f = Q.whFilterOf({} as never);
const first = await Q.warehousingItemsAfter(dbh.db, f, null, 500);
const last = first[first.length - 1];
for (const after of [null, { whReqNo: last.whReqNo, lineNo: last.lineNo }]) {
  const t0 = performance.now();
  await Q.warehousingItemsAfter(dbh.db, f, after as never, 500);
  console.log('page', after ? 'second' : 'first', (performance.now() - t0).toFixed(0), 'ms');
}
const t1 = performance.now(); console.log('count', await Q.countWarehousingItems(dbh.db, f), (performance.now() - t1).toFixed(0), 'ms');
await dbh.close();

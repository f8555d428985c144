import { PGlite } from '@electric-sql/pglite';
const t0=Date.now();
const pg = await PGlite.create({ parsers: { 20: (v) => Number(v) } });
console.log('create ms', Date.now()-t0);
await pg.exec('create table t(id int primary key, n int); insert into t values (1,0);');
const log=[];
const tx = pg.transaction(async (tx) => { log.push('tx start'); await tx.query('update t set n=n+1'); await new Promise(r=>setTimeout(r,200)); log.push('tx end'); });
await new Promise(r=>setTimeout(r,10));
const q = pg.query('select n from t').then(r=>log.push('outside read n='+r.rows[0].n));
await Promise.all([tx,q]);
console.log(log);
const r = await pg.query('select 1::int8 as a, now() as b, gen_random_uuid() as c');
console.log(r.rows, typeof r.rows[0].a, r.affectedRows);
const r2 = await pg.query('update t set n=5 where id=$1', [1]); console.log('affected', r2.affectedRows);
try { await pg.transaction(async (tx)=>{ await tx.query('update t set n=99'); throw new Error('boom'); }); } catch(e){ console.log('rolled', (await pg.query('select n from t')).rows[0]); }
const d = await pg.dumpDataDir('none'); console.log('dump size', d.size);
const t1=Date.now(); const pg2 = await PGlite.create({ loadDataDir: d }); console.log('load ms', Date.now()-t1, (await pg2.query('select n from t')).rows);

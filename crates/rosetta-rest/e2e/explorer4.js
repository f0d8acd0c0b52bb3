// The current Flecs explorer (flecs-hub/explorer master, which speaks Flecs v4's REST API)
// against `rosetta serve` (or a real Flecs v4.1.6 server), in headless Chromium: connect (the
// version in the status bar), the entity tree, expanding Sun, the inspector's values for Earth,
// and the query page. Exits 1 at the first check that fails; screenshots of each step in $SHOTS.
// Every request the explorer made is listed with its status in $SHOTS/requests.txt, the input
// of compare4.py. How to run: README.md.
const fs = require('fs');
const { chromium } = require(process.env.PLAYWRIGHT || 'playwright-core');

const EXPLORER = process.env.EXPLORER_URL || 'http://127.0.0.1:8080/index.html';
const HOST = process.env.ROSETTA_HOST || '127.0.0.1:27750';
const SHOTS = process.env.SHOTS || '.';
// What the world holds: space.json's world (the default), or a snapshot's (WORLD=snapshot).
const WORLD = process.env.WORLD || 'space';

let failed = 0;
function check(ok, what) {
  console.log((ok ? 'ok: ' : 'FAILED: ') + what);
  if (!ok) failed++;
}

async function lines(page) {
  return (await page.locator('body').innerText()).split('\n').map(l => l.trim()).filter(l => l);
}

(async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const requests = new Map();
  page.on('response', r => {
    if (!r.url().startsWith(`http://${HOST}/`)) return;
    const target = r.url().slice(`http://${HOST}`.length);
    if (target !== '/') requests.set(`${r.request().method()} ${target}`, r.status());
  });
  const open = async (params, wait) => {
    await page.goto(`${EXPLORER}?host=${HOST}${params}`);
    await page.waitForTimeout(wait);
    // On a loaded machine the explorer may still be connecting after `wait`: edits typed then
    // are dropped, so wait (up to 20 s more) until its address bar no longer says so.
    await page.waitForFunction(() => !document.body.innerText.includes('[ connecting ]'),
      null, { timeout: 20000 }).catch(() => {});
  };

  // 1. Connect: the tree and the version.
  await open('', 4000);
  await page.screenshot({ path: `${SHOTS}/1-tree.png` });
  let text = await lines(page);
  check(text.includes('flecs v4.1.6'), 'the status bar shows flecs v4.1.6');
  const roots = WORLD === 'space' ? ['flecs', 'Kind', 'Position', 'planets', 'Sun', 'HasRocks']
    : ['flecs', 'snapshot'];
  check(roots.every(r => text.includes(r)), `the tree lists the root entities ${roots}`);

  // 2. Expand a scope: the chevron left of its name.
  const scope = WORLD === 'space' ? 'Sun' : 'snapshot';
  const item = page.locator('#entity-tree, body').getByText(scope, { exact: true }).first();
  const box = await item.boundingBox();
  await page.mouse.click(box.x - 22, box.y + box.height / 2);
  await page.waitForTimeout(2000);
  await page.screenshot({ path: `${SHOTS}/2-expanded.png` });
  text = await lines(page);
  if (WORLD === 'space') {
    const all = text.join(' ');
    check(/The Earth\s*:\s*RockyPlanet/.test(all) && /Mars\s*:\s*RockyPlanet/.test(all),
      "Sun's children with their prefab, Earth by its doc name");
  } else {
    // The example snapshot's two entities, by their doc names.
    check(text.includes('Player') && text.includes('Crate'), "the snapshot's entities under it");
  }

  // 3. The inspector.
  const path = WORLD === 'space' ? 'Sun.Earth' : (process.env.INSPECT || 'snapshot.1');
  await open(`&entities.path=${path}`, 3500);
  await page.screenshot({ path: `${SHOTS}/3-inspector.png` });
  text = await lines(page);
  // Values are in input fields, which innerText leaves out.
  const values = await page.locator('#app input').evaluateAll(els => els.map(e => e.value));
  const body = text.join(' ') + ' values: ' + values.join(' ');
  if (WORLD === 'space') {
    check(/Position/.test(body) && /values: .*\b1 0\b/.test(body), 'the inspector shows Position with its values');
    check(/Name/.test(body) && values.includes('The Earth'), 'and the doc name');
    check(/Kind Planet/.test(body) && body.includes('HasRocks'), 'and Kind, HasRocks from the prefab');
    check(body.includes('RockyPlanet'), 'and the prefab it is an instance of');
  } else {
    check(/Health/.test(body) && /values: .*\b80 100\b/.test(body), 'the inspector shows game.Health with its values');
    check(/Position/.test(body) && /\b10\.5 0 -3\b/.test(body), 'and improbable.Position');
    check(/EntityId/.test(body) && values.includes('1'), 'and the SpatialOS entity id');
  }

  // 4. The query page.
  const expr = process.env.QUERY || (WORLD === 'space' ? 'Position, ?Kind' : 'improbable.Position, game.Health');
  await open(`&page=queries&queries.expr=${encodeURIComponent(expr)}`, 4000);
  await page.screenshot({ path: `${SHOTS}/4-query.png` });
  text = await lines(page);
  if (WORLD === 'space') {
    check(text.includes('Moon') && text.includes('Earth') && text.includes('Sun'),
      'the query page lists the results');
    check(/Star|Planet/.test(text.join(' ')), 'with their values');
  } else {
    check(text.includes('entity_1') && text.includes('entity_2'), 'the query page lists both entities');
    check(/10\.5/.test(text.join(' ')) && /\b80\b/.test(text.join(' ')) && /\b12\b/.test(text.join(' ')),
      'with their values');
  }

  // 5. An edit in the inspector: a value typed into a field is PUT /component and read back.
  if (WORLD === 'space') {
    await open('&entities.path=Sun.Earth', 3500);
    const inputs = page.locator('#app input');
    const before = await inputs.evaluateAll(els => els.map(e => e.value));
    const x = before.indexOf('1');
    await inputs.nth(x).fill('7');
    await inputs.nth(x).press('Enter');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${SHOTS}/5-edited.png` });
    const put = [...requests.keys()].find(u => u.startsWith('PUT /component/Sun/Earth?component=Position'));
    const after = await page.evaluate(async h =>
      (await fetch(`http://${h}/component/Sun/Earth?component=Position`)).text(), HOST);
    check(put && requests.get(put) === 200 && after === '{"x":7, "y":0}',
      `an edit in the inspector is written (${put}: ${after})`);
  }

  // Every request answered: the only failures are the ones real Flecs gives too (no stats
  // module imported: flecs.stats.WorldMemory).
  const bad = [...requests].filter(([u, s]) => s >= 400 && !u.includes('flecs/stats/WorldMemory'));
  check(bad.length === 0, `${requests.size} requests, none failed unexpectedly ${JSON.stringify(bad)}`);
  fs.writeFileSync(`${SHOTS}/requests.txt`, [...requests].map(([u, s]) => `${s} ${u}`).join('\n') + '\n');
  await browser.close();
  process.exit(failed ? 1 : 0);
})().catch(e => { console.error(e); process.exit(1); });

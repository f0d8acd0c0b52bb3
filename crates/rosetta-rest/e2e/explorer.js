// The Flecs v3 explorer against `rosetta serve`, in headless Chromium: connect, the entity
// tree, expanding a scope, the inspector, a query. Exits 1 on the first thing that is not as
// the explorer shows it for a Flecs v3.2.12 server with the same world. How to run: README.md.
const { chromium } = require('playwright-core');

const EXPLORER = process.env.EXPLORER_URL || 'http://127.0.0.1:8080/index.html';
const HOST = process.env.ROSETTA_HOST || '127.0.0.1:27750';
const SHOTS = process.env.SHOTS || '.';

function check(ok, what) {
  if (!ok) {
    console.error('FAILED: ' + what);
    process.exit(1);
  }
  console.log('ok: ' + what);
}

(async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const answered = [];
  page.on('response', r => {
    if (r.url().includes(HOST)) answered.push([r.status(), r.url().split(HOST)[1]]);
  });
  await page.goto(`${EXPLORER}?remote=true&host=${HOST}`);
  await page.waitForTimeout(3000);
  await page.screenshot({ path: `${SHOTS}/1-tree.png` });
  const tree = await page.locator('text').allTextContents();
  check(tree.includes('Sun') && tree.includes('planets'), 'the tree lists the root entities');
  check(!tree.some(t => t.endsWith(' : 0')), 'no root entity shows a prefab');

  await page.locator('text').filter({ hasText: /^Sun$/ }).first().click();
  await page.waitForTimeout(1000);
  await page.mouse.click(58, 108); // the chevron left of Sun
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${SHOTS}/2-sun.png` });
  const scope = await page.locator('text').allTextContents();
  check(scope.includes('The Earth : RockyPlanet') && scope.includes('Mars : RockyPlanet'),
    "Sun's children with their doc names and prefabs");

  await page.locator('text').filter({ hasText: /^The Earth/ }).first().click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${SHOTS}/3-earth.png` });
  const lines = (await page.locator('body').innerText()).split('\n').map(l => l.trim());
  const body = lines.join(' ');
  check(/inherited from\s+RockyPlanet root Kind Planet HasRocks/.test(body) &&
    /Earth root Position x 1 y 0/.test(body),
    'the inspector shows what Earth inherits and owns, with values');

  await page.locator('#query-editor').focus();
  await page.keyboard.type('Position, ?Kind', { delay: 30 });
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `${SHOTS}/4-query.png` });
  const results = await page.locator('body').innerText();
  check(/Returned 3 entities/.test(results) && results.includes('Moon') && results.includes('Star'),
    'the query panel shows the results and their values');

  // Every request answered; the only errors are the ones Flecs gives too: scripts/main (no
  // script addon) and the query box's prefixes that do not parse as it is typed.
  const typedPrefix = u => {
    const m = /^\/query\?q=([^&]*)/.exec(u);
    return m && 'Position, ?Kind'.startsWith(decodeURIComponent(m[1]));
  };
  const bad = answered.filter(([s, u]) => s >= 400 &&
    !u.startsWith('/entity/scripts/main') && !typedPrefix(u));
  check(bad.length === 0, `${answered.length} replies, no unexpected error ${JSON.stringify(bad)}`);
  await browser.close();
})().catch(e => { console.error(e); process.exit(1); });

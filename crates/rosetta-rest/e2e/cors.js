// Cross-origin safety of `rosetta serve`, in headless Chromium: a page of another origin must
// not change the served world, a page of an allowed one (loopback, or --allow-origin) must.
//
// It starts `rosetta serve` (ROSETTA, default target/debug/rosetta) on ROSETTA_PORT with
// `--allow-origin http://tools.test:PAGE_PORT_2`, serves one small page on two local ports, and
// opens it as http://evil.test:PAGE_PORT_1, http://tools.test:PAGE_PORT_2 and
// http://127.0.0.1:PAGE_PORT_1 (Chromium resolves the .test names to 127.0.0.1, so the pages
// are other origins than the server's while everything stays on this machine). Each page
// fetch()es PUT /disable/Sun and PUT /enable/Sun (v3.2.12's routes: the server runs with
// --flecs 3); the world is checked after each. How to
// run: README.md.
const { chromium } = require('playwright-core');
const { spawn } = require('child_process');
const http = require('http');

const ROSETTA = process.env.ROSETTA || 'target/debug/rosetta';
const PORT = Number(process.env.ROSETTA_PORT || 27791);
const PAGE_PORTS = [Number(process.env.PAGE_PORT_1 || 8091), Number(process.env.PAGE_PORT_2 || 8092)];
const SERVER = `http://127.0.0.1:${PORT}`;

let failed = false;
function check(ok, what) {
  console.log((ok ? 'ok: ' : 'FAILED: ') + what);
  if (!ok) failed = true;
}

function get(path) {
  return new Promise((resolve, reject) => {
    http.get(SERVER + path, res => {
      let body = '';
      res.on('data', d => { body += d; });
      res.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

async function sunDisabled() {
  return (await get('/entity/Sun')).includes('Disabled');
}

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try { await get('/entity/Sun'); return; } catch (e) { await new Promise(r => setTimeout(r, 100)); }
  }
  throw new Error('rosetta serve did not start');
}

// What the page runs: PUT a write route of the server, the status or the browser's error.
async function putFrom(page, route) {
  return page.evaluate(async url => {
    try {
      const r = await fetch(url, { method: 'PUT' });
      return String(r.status);
    } catch (e) {
      return 'blocked: ' + e.message;
    }
  }, SERVER + route);
}

(async () => {
  const pages = PAGE_PORTS.map(port => http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><title>another origin</title><p>a page of another origin');
  }).listen(port, '127.0.0.1'));
  const allowed = `http://tools.test:${PAGE_PORTS[1]}`;
  const server = spawn(ROSETTA, ['serve', '--flecs', '3', '--port', String(PORT), '--allow-origin', allowed],
    { stdio: ['ignore', 'inherit', 'inherit'] });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync',
      '--host-resolver-rules=MAP evil.test 127.0.0.1, MAP tools.test 127.0.0.1'],
  });
  try {
    await waitForServer();
    const page = await browser.newPage();

    await page.goto(`http://evil.test:${PAGE_PORTS[0]}/`);
    const evil = await putFrom(page, '/disable/Sun');
    check(evil.startsWith('blocked'), `a page of http://evil.test cannot PUT (${evil})`);
    check(!(await sunDisabled()), 'the world is unchanged after its attempt');
    const read = await page.evaluate(async url => {
      try { await (await fetch(url)).text(); return 'read'; } catch (e) { return 'blocked'; }
    }, SERVER + '/entity/Sun');
    check(read === 'blocked', 'nor read the world');

    await page.goto(`${allowed}/`);
    const tools = await putFrom(page, '/disable/Sun');
    check(tools === '200', `a page of ${allowed} (--allow-origin) can (${tools})`);
    check(await sunDisabled(), 'and the world changed');

    await page.goto(`http://127.0.0.1:${PAGE_PORTS[0]}/`);
    const local = await putFrom(page, '/enable/Sun');
    check(local === '200', `a loopback page is allowed by default (${local})`);
    check(!(await sunDisabled()), 'and the world changed back');
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    pages.forEach(p => p.close());
  }
  process.exit(failed ? 1 : 0);
})().catch(e => { console.error(e); process.exit(1); });

// The page the browser runner loads: the shared interpreter (../js/engine.mjs) on the
// SDK's browser transport -- gRPC-Web through the Envoy gateway, from a real Chromium.
// Each line goes to the runner (window.reportLine) and onto the page.
import { browserTransport } from '@fiveup/sdk/web';
import { Runner, SdkTransport } from '../js/engine.mjs';

const params = new URLSearchParams(location.search);
const list = document.getElementById('results');
const out = (line) => {
  const item = document.createElement('li');
  item.textContent = line;
  item.className = line.startsWith('FAIL') ? 'fail' : line.startsWith('PASS') ? 'pass' : 'summary';
  list.append(item);
  window.reportLine?.(line);
};
try {
  const suite = await (await fetch('cases.json')).json();
  const only = params.getAll('case');
  await new Runner(new SdkTransport(browserTransport(params.get('target'))), out).run(suite, only);
} catch (err) {
  out(`FAIL runner: ${err}`);
  out('0 passed, 1 failed');
}

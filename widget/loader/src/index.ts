import { installWidget } from './loader';

// An async script: currentScript is still set while it runs. A second copy of the snippet is ignored.
const script = document.currentScript as HTMLScriptElement | null;
if (script && !window.Parley) {
  const api = installWidget(script, window);
  if (api) window.Parley = api;
}

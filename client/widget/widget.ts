/**
 * The website review widget's script (issue 16), its own tiny bundle (scripts/build-widget.mjs):
 *
 *   <script src="https://HOST/widget.js" data-key="PUBLIC_KEY" async></script>
 *
 * Its words follow the visitor's browser language, or the site's choice with data-lang="de" (issue 45).
 * It puts a host element right after its script tag, attaches a shadow root (the site's styles cannot
 * reach in, ours cannot leak out), loads GET /api/widget/{key} from the script's own origin and renders.
 */
import type { PublicWidget } from '@shared/schemas/widget';
import { renderWidget } from '../src/components/widget/render-widget';

const MOUNTED = 'rfWidgetMounted';

function mount(script: HTMLScriptElement): void {
  const key = script.dataset.key;
  if (!key || script.dataset[MOUNTED]) return;
  script.dataset[MOUNTED] = 'true';
  const host = document.createElement('div');
  host.className = 'reviewflow-widget';
  script.after(host);
  const root = host.attachShadow({ mode: 'open' });
  const origin = new URL(script.src, document.baseURI).origin;
  const lang = script.dataset.lang ? `?lang=${encodeURIComponent(script.dataset.lang)}` : '';
  fetch(`${origin}/api/widget/${encodeURIComponent(key)}${lang}`, { credentials: 'omit' })
    .then((res) => {
      if (!res.ok) throw new Error(`status ${res.status}`);
      return res.json() as Promise<PublicWidget>;
    })
    .then((widget) => renderWidget(root, widget))
    .catch((error: unknown) => {
      // A broken widget takes no room on the site; the reason is for whoever embeds it.
      host.remove();
      console.warn('Review widget could not load:', error);
    });
}

const current = document.currentScript;
if (current instanceof HTMLScriptElement) mount(current);
// Several snippets on one page, or a script run without currentScript: each tag gets its own widget.
document.querySelectorAll<HTMLScriptElement>('script[data-key][src$="/widget.js"]').forEach(mount);

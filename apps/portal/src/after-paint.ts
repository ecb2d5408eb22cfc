// The script of the page the server writes for a link's home (portal-home.html). The booking is on
// that page already, complete, and its links work on their own: the app is fetched only once the page
// has painted, so that a phone on a slow network shows the booking first and spends nothing on the app
// before. The app takes the page over at the guest's first touch; a touch before the app has arrived
// fetches it at once, and a tap waits for it and then reaches the app as if it had come after.
//
// The build writes this script into the page itself (`inlineHomeScript` in vite.config.ts), so that the
// page asks for nothing before its first paint: it imports nothing, it finds the app's script by the
// address the build gives it in its element's `data-app`, and the app, once run, leaves its take-over
// on the window (`window.takeOverPortalHome`, main.tsx).

/** The app's take-over of the written home. */
type TApp = () => void;

/** What a guest does first on the page, whichever comes first: tap, key, focus or an edit. */
const firstTouches = ['pointerdown', 'keydown', 'focusin', 'click', 'input', 'change'] as const;
let app: TApp | undefined;
let loading: Promise<TApp> | undefined;
let isTakenOver = false;

/** The address of the app's script (portal.html's entry, `main.tsx`), as the build names it. */
function appAddress(): string {
  const address = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;
  if (!address) throw new Error('the page names no app script (data-app)');
  return address;
}

const loadApp = () =>
  (loading ??= import(/* @vite-ignore */ appAddress()).then(() => {
    const takeOverHome = window.takeOverPortalHome;
    if (!takeOverHome) throw new Error(`${appAddress()} left no take-over of the home`);
    return (app = takeOverHome);
  }));

function takeOver(loaded: TApp): void {
  if (isTakenOver) return;
  isTakenOver = true;
  for (const type of firstTouches) window.removeEventListener(type, touched, { capture: true });
  loaded();
}

/** The first touches, heard first (capture on window): the app takes over inside the same event. */
function touched(event: Event): void {
  if (app) return takeOver(app);
  const { target } = event;
  const isTap = event.type === 'click' && target instanceof Element;
  if (isTap) {
    event.preventDefault();
    event.stopImmediatePropagation();
  }
  void loadApp().then((loaded) => {
    takeOver(loaded);
    if (isTap) target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  });
}

/**
 * Runs `work` once the browser has shown the page's content (its first contentful paint), which can
 * come frames after the first animation frame; where it does not report paints, after the first frame.
 */
function afterFirstPaint(work: () => void): void {
  if (!PerformanceObserver.supportedEntryTypes.includes('paint')) {
    requestAnimationFrame(() => setTimeout(work));
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    work();
  });
  observer.observe({ type: 'paint', buffered: true });
}

for (const type of firstTouches) window.addEventListener(type, touched, { capture: true });
afterFirstPaint(() => void loadApp());

// A module, not a script of globals, though it neither imports nor exports.
export {};

import {
  APP_TAG,
  loaderCommandFrom,
  type AppNotice,
  type LauncherLook,
  type LoaderCommand,
} from '../../shared/protocol';

/** Talks to the loader on the host page: only with the host origin we were given, only with our parent. */
export function parentBridge(hostOrigin: string | null, onCommand: (c: LoaderCommand) => void) {
  const parent = window.parent !== window ? window.parent : null;
  const listener = (event: MessageEvent) => {
    const command = loaderCommandFrom(event, hostOrigin, parent);
    if (command) onCommand(command);
  };
  window.addEventListener('message', listener);
  if (parent && hostOrigin)
    parent.postMessage({ tag: APP_TAG, type: 'hello' } satisfies AppNotice, hostOrigin);
  return {
    notify(type: 'ready' | 'state', open: boolean, look?: LauncherLook) {
      if (parent && hostOrigin)
        parent.postMessage(
          (look ? { tag: APP_TAG, type, open, look } : { tag: APP_TAG, type, open }) satisfies AppNotice,
          hostOrigin,
        );
    },
    store(value: string | null) {
      if (parent && hostOrigin)
        parent.postMessage({ tag: APP_TAG, type: 'store', value } satisfies AppNotice, hostOrigin);
    },
    dispose: () => window.removeEventListener('message', listener),
  };
}

import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { installPromptAtom, type BeforeInstallPromptEvent } from './installPrompt';

/** Keeps the browser's install offer for the Setup screen's Install button. */
export function useInstallPromptCapture(): void {
  const setPrompt = useSetAtom(installPromptAtom);
  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setPrompt(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setPrompt(null);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, [setPrompt]);
}

import { useAtom, useAtomValue } from 'jotai';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { getDb } from '../../lib/firebase';
import { saveProfile } from '../../lib/repositories/profiles';
import { PageHeader } from '../../shared/PageHeader';
import { currentUserAtom } from '../../shared/session';
import { installPromptAtom, isStandalone } from './installPrompt';

export default function SetupPwaPage() {
  const user = useAtomValue(currentUserAtom);
  const [prompt, setPrompt] = useAtom(installPromptAtom);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function install() {
    if (!prompt) return;
    await prompt.prompt();
    const { outcome } = await prompt.userChoice;
    setPrompt(null);
    if (outcome === 'accepted') await dismiss();
  }

  async function dismiss() {
    if (!user) return;
    setBusy(true);
    try {
      await saveProfile(await getDb(), user.uid, { pwaPromptDismissed: true });
      navigate('/dashboard');
    } catch {
      toast.error('Could not save your choice. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="page prose">
      <PageHeader title="Add to Home Screen" back="/dashboard" />
      {isStandalone() ? (
        <p>Price Alerts is already installed on this device.</p>
      ) : (
        <p>Install Price Alerts for a full-screen app, a Home Screen icon and push alerts on iPhone and iPad.</p>
      )}
      {prompt && (
        <button className="button button-primary" type="button" onClick={install}>
          Install
        </button>
      )}
      <section className="card">
        <h2>iPhone and iPad (Safari)</h2>
        <ol>
          <li>Tap the Share button at the bottom of Safari.</li>
          <li>Choose “Add to Home Screen”.</li>
          <li>Tap “Add”, then open Price Alerts from your Home Screen.</li>
        </ol>
      </section>
      <section className="card">
        <h2>Android (Chrome)</h2>
        <ol>
          <li>Tap the ⋮ menu at the top right.</li>
          <li>Choose “Install app” or “Add to Home screen”.</li>
          <li>Confirm with “Install”.</li>
        </ol>
      </section>
      <button className="button button-secondary" type="button" onClick={dismiss} disabled={busy}>
        Done, don’t remind me
      </button>
    </main>
  );
}

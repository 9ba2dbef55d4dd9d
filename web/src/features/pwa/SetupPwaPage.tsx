import { MSG_SAVE_CHOICE_FAILED } from '@price-alerts/domain/copy';
import { useAtom, useAtomValue } from 'jotai';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { repository } from '../../lib/repositories/load';
import { PageHeader } from '../../shared/PageHeader';
import { currentUserAtom } from '../../shared/session';
import { useSubmit } from '../../shared/useSubmit';
import { installPromptAtom, isStandalone } from './installPrompt';

const DISMISS_SUBMIT = {
  failure() {
    toast.error(MSG_SAVE_CHOICE_FAILED);
    return null;
  },
  leavesOnSuccess: true,
};

export default function SetupPwaPage() {
  const user = useAtomValue(currentUserAtom);
  const [prompt, setPrompt] = useAtom(installPromptAtom);
  const navigate = useNavigate();
  const { busy, run } = useSubmit(DISMISS_SUBMIT);

  async function install() {
    if (!prompt) return;
    await prompt.prompt();
    const { outcome } = await prompt.userChoice;
    setPrompt(null);
    if (outcome === 'accepted') await dismiss();
  }

  async function dismiss() {
    if (!user) return;
    await run(async () => {
      const [db, profiles] = await repository('profiles');
      await profiles.saveProfile(db, user.uid, { pwaPromptDismissed: true });
      navigate('/dashboard');
    });
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

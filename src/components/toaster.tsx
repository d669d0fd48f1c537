import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import classes from './toaster.module.css';

/** Product toasts last 9000 ms and can be closed. */
export const TOAST_DURATION_MS = 9000;

/** At the bottom: the top of a screen holds its title, and a dialog's header is at its top too. */
export const TOAST_POSITION = 'bottom-right';

/**
 * The toast container, loaded after the first paint (src/main.tsx lazy-loads this file). Features show toasts
 * with `notifications.show({...})` from '@mantine/notifications' at any time; they appear once this mounts.
 */
export function Toaster() {
  return <Notifications position={TOAST_POSITION} className={classes.toaster} autoClose={TOAST_DURATION_MS} limit={3} zIndex={400} />;
}

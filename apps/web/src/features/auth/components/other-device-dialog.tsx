import '@mantine/core/styles.css';
import { ConfirmDialog, type ConfirmDialogProps } from '../../../components/confirm-dialog.tsx';

/** The other-device question of a link login, with the popup styles it needs (loaded only when asked). */
export default function OtherDeviceDialog(props: ConfirmDialogProps) {
  return <ConfirmDialog {...props} />;
}

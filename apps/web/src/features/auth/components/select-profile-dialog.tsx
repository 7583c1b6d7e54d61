import type { RoleEntry } from '@campus/domain/auth/auth.contract';
import { Modal } from '@mantine/core';
import { RoleEntryList } from './role-entry-list.tsx';

/** Select Profile (spec part 1 §2): a login that matches several profiles picks one. */
export function SelectProfileDialog({
  entries,
  onSelect,
  onClose,
  busy,
}: {
  entries: RoleEntry[] | undefined;
  onSelect: (entry: RoleEntry) => void;
  onClose: () => void;
  busy?: boolean;
}) {
  return (
    <Modal opened={entries !== undefined} onClose={onClose} title="Select Profile" centered>
      <RoleEntryList entries={entries ?? []} onSelect={onSelect} disabled={busy} />
    </Modal>
  );
}

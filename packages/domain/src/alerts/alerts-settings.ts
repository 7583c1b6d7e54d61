// An account's alert settings (issue 31): which kinds reach it on which channel, its quiet hours, the kinds it
// marked urgent (they go out in quiet hours too) and its daily digests. Stored as the account's changes to the
// defaults, so a default changed later reaches every account that never touched it. Pure.
import {
  alertChannels,
  alertKinds,
  defaultChannelOn,
  defaultQuietHours,
  type AlertChannel,
  type AlertKind,
  type QuietHours,
} from './alerts-rules.ts';

/** The channels a digest may gather: the bell is a list already. */
export const digestChannels = ['sms', 'email', 'push'] as const satisfies readonly AlertChannel[];
export type DigestChannel = (typeof digestChannels)[number];

/** The local time a digest goes out when an account turns it on without choosing one. */
export const defaultDigestTime = '18:00';

/** What an account changed; absent keys keep the defaults. */
export interface AlertSettings {
  /** Per kind and channel, where the account differs from defaultChannelOn. */
  channels: Partial<Record<AlertKind, Partial<Record<AlertChannel, boolean>>>>;
  quiet: QuietHours;
  /** Kinds that go out in quiet hours too. */
  urgent: AlertKind[];
  /** Per channel, the local `HH:MM` of its daily digest; absent: that channel sends each alert on its own. */
  digest: Partial<Record<DigestChannel, string>>;
}

/** An account that never opened its settings. */
export const defaultAlertSettings: AlertSettings = { channels: {}, quiet: defaultQuietHours, urgent: [], digest: {} };

/** Whether `kind` reaches the account on `channel`: its own choice, else the default for its role. */
export function channelOn(
  settings: AlertSettings,
  kind: AlertKind,
  channel: AlertChannel,
  role: 'student' | 'parent',
): boolean {
  return settings.channels[kind]?.[channel] ?? defaultChannelOn(kind, channel, role);
}

/** The channels `kind` reaches the account on. */
export const channelsOf = (settings: AlertSettings, kind: AlertKind, role: 'student' | 'parent') =>
  alertChannels.filter((channel) => channelOn(settings, kind, channel, role));

/**
 * The settings to store from a full table the account sent: only where a choice differs from the default, so the
 * stored row stays the account's changes.
 */
export function settingsFromTable(
  table: { kind: AlertKind; channels: Record<AlertChannel, boolean>; urgent: boolean }[],
  quiet: QuietHours,
  digest: Partial<Record<DigestChannel, string | null>>,
  role: 'student' | 'parent',
): AlertSettings {
  const channels: AlertSettings['channels'] = {};
  for (const row of table) {
    for (const channel of alertChannels) {
      if (row.channels[channel] === defaultChannelOn(row.kind, channel, role)) continue;
      (channels[row.kind] ??= {})[channel] = row.channels[channel];
    }
  }
  const urgent = alertKinds.filter((kind) => table.some((row) => row.kind === kind && row.urgent));
  const chosen: AlertSettings['digest'] = {};
  for (const channel of digestChannels) {
    const time = digest[channel];
    if (time) chosen[channel] = time;
  }
  return { channels, quiet, urgent, digest: chosen };
}

/** What the profile's alerts section calls each kind. */
export const alertKindLabels: Record<AlertKind, string> = {
  absence: 'Absent from a class',
  'fee-due': 'Fee due in 3 days',
  'fee-overdue': 'Fee overdue',
  'homework-new': 'New homework',
  'homework-due': 'Homework due tomorrow',
  'result-online': 'Online test result',
  'result-offline': 'Marks published',
  'live-soon': 'Live class in 15 minutes',
  notice: 'New notice',
};

/** What the profile's alerts section calls each channel. */
export const alertChannelLabels: Record<AlertChannel, string> = {
  app: 'In the app',
  sms: 'SMS',
  email: 'Email',
  push: 'Phone notification',
};

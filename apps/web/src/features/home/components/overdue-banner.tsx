import { overdueBannerText, overdueBannerTitle } from '@campus/domain/fees/fees-rules';
import { feesPages } from '@campus/domain/fees/fees.page';
import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { StoredSession } from '../../../lib/session.ts';
import { useFeeDues } from '../api/get-fee-dues.ts';

/** A parent's banner when the selected child has overdue fees; nothing otherwise (or when the fetch fails). */
export function OverdueBanner({ session }: { session: StoredSession }) {
  const { data: amount } = useFeeDues(session);
  if (!amount) return null;
  return (
    <Alert color="red" variant="light" title={overdueBannerTitle} role="alert">
      {overdueBannerText(amount)}
      {/* A target of its own under the sentence, 44 px high, rather than a small link at its end. */}
      <Anchor
        component={Link}
        to={feesPages.fees}
        c="inherit"
        fw={600}
        underline="always"
        display="flex"
        mih={44}
        style={{ alignItems: 'center' }}
      >
        View fees
      </Anchor>
    </Alert>
  );
}

import { Box, Typography } from '@mantine/core';

/**
 * Shows staff-written HTML (an assignment description, a notice, a question or passage of the test paper). The
 * server sanitised it when it was written and again before sending (apps/api/src/lib/staff-html.ts), and the
 * page's CSP runs no inline script; this only lays it out.
 */
export function SafeHtml({ html }: { html: string }) {
  return (
    <Typography>
      <Box dangerouslySetInnerHTML={{ __html: html }} style={{ overflowWrap: 'anywhere' }} />
    </Typography>
  );
}

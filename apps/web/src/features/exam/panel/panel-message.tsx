import { Container, Text } from '@mantine/core';

/** A window the desk opened (the panel, the read-only paper) with one line to say: opening, or why not. */
export function PanelMessage({ text }: { text: string }) {
  return (
    <Container size="sm" py="xl">
      <Text ta="center" role="status">
        {text}
      </Text>
    </Container>
  );
}

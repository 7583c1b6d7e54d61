import { Text, UnstyledButton, VisuallyHidden, type TextProps } from '@mantine/core';
import { useState } from 'react';

/**
 * A name the specification cuts (at 30 characters and '...', say): shown cut as the spec draws it, and whole after
 * a tap, because a phone has no hover to show a `title`. A name short enough to show whole is plain text.
 */
export function CutText({
  text,
  cut,
  ...textProps
}: { text: string; cut: (text: string) => string } & TextProps & { component?: 'span' | 'p' | 'div' }) {
  const [whole, setWhole] = useState(false);
  const shown = cut(text);
  if (shown === text) return <Text {...textProps}>{text}</Text>;
  return (
    <Text {...textProps}>
      <UnstyledButton
        onClick={(event) => {
          // The name may sit on a card that opens something else when tapped.
          event.stopPropagation();
          setWhole((value) => !value);
        }}
        aria-expanded={whole}
        title={whole ? undefined : text}
        // As the text around it reads, wrapping as text does.
        style={{ font: 'inherit', color: 'inherit', textAlign: 'inherit', overflowWrap: 'anywhere', minHeight: 24 }}
      >
        {/* Its name is the whole name, read from its content (an aria-label would not hold the cut text it shows). */}
        <span aria-hidden="true">{whole ? text : shown}</span>
        <VisuallyHidden>{text}</VisuallyHidden>
      </UnstyledButton>
    </Text>
  );
}

import { useState } from 'react';
import { Button } from '@mantine/core';
import { Icon } from '../layout/icons';

/**
 * A call's recording, streamed through this site (never the provider's address): a small button
 * first, so a list of calls loads no audio; the player appears and starts on the tap. The server logs
 * each play and answers only those the company lets hear it (docs/telephony.md#recordings).
 */
export function RecordingPlayer({ callId, label = 'Play recording' }: { callId: number; label?: string }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button size="compact-sm" variant="subtle" leftSection={<Icon name="play" size={14} />} onClick={() => setOpen(true)}>
        {label}
      </Button>
    );
  }
  // biome-ignore lint/a11y/useMediaCaption: a phone call's recording has no captions to offer
  return <audio controls autoPlay preload="none" src={`/api/recordings/${callId}`} aria-label={label} style={{ width: 260, maxWidth: 'none', height: 40 }} />;
}

import { Box, Paper, Text } from '@mantine/core';

/** The message as the lead would get it on WhatsApp: a chat bubble. */
export function WhatsappPreview({ leadName, message }: { leadName: string; message: string }) {
  return (
    <Box>
      <Text size="sm" fw={500} mb={4}>
        Preview for a lead named {leadName}
      </Text>
      <Box p="sm" bg="#efeae2" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <Paper px="sm" py={8} maw={420} bg="#d9fdd3" radius="md" shadow="xs" aria-label="WhatsApp message preview" style={{ borderTopLeftRadius: 2 }}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message}
          </Text>
        </Paper>
      </Box>
    </Box>
  );
}

import type { TelephonyConfig } from '../../../config.js';
import type { TelephonyProvider } from '../provider.js';

// SCAFFOLD: replaced by the Twilio provider's work before this lands.
export function twilioProvider(_config: TelephonyConfig): TelephonyProvider {
  const notYet = (): never => {
    throw new Error('Twilio is not built yet');
  };
  return {
    id: 'twilio',
    checkCredentials: notYet,
    placeCall: notYet,
    readStatusCallback: notYet,
    statusCallbackReply: notYet,
    readInbound: notYet,
    inboundReply: notYet,
    fetchRecording: notYet,
  };
}

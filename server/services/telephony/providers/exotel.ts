import type { TelephonyConfig } from '../../../config.js';
import type { TelephonyProvider } from '../provider.js';

// SCAFFOLD: replaced by the Exotel provider's work before this lands.
export function exotelProvider(_config: TelephonyConfig): TelephonyProvider {
  const notYet = (): never => {
    throw new Error('Exotel is not built yet');
  };
  return {
    id: 'exotel',
    checkCredentials: notYet,
    placeCall: notYet,
    readStatusCallback: notYet,
    statusCallbackReply: notYet,
    readInbound: notYet,
    inboundReply: notYet,
    fetchRecording: notYet,
  };
}

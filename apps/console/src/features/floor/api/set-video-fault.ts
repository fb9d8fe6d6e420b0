import { type VideoFaultBody, videoFaultBody } from '@reelcast/protocol/floor';
import { apiRequest } from '../../../shared/api/api-client';
import { useStaffMutation } from '../../../shared/api/use-staff-mutation';

/** Marks the machine's video broken or mended. */
export const setVideoFault = (body: VideoFaultBody) =>
  apiRequest('/staff/video-fault', { method: 'POST', body: videoFaultBody.parse(body) });

export const useSetVideoFault = () => useStaffMutation(setVideoFault, [['floor']]);

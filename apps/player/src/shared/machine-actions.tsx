// More actions on a lobby machine card that other features offer (watch, wait list: issue #18).
// app/ provides them with the signed-in pages, so the lobby shows them without importing those
// features and the login screen's first load carries none of it.
import type { Machine } from '@reelcast/protocol/http';
import { createContext, type ReactNode, useContext } from 'react';

export type MachineActions = (machine: Machine) => ReactNode;

export const MachineActionsContext = createContext<MachineActions | null>(null);

export function useMachineActions(): MachineActions | null {
  return useContext(MachineActionsContext);
}

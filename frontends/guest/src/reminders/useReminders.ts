import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { eventPhotosKey } from '../lib/api';
import { getReminders, remindersKey, type ReminderState } from './api';
import { runReminder, type ReminderAction } from './actions';
import { isTooLate } from './errors';

/** This device's reminder at event `code`: what it asked for, and asking or stopping (one at a time). */
export function useReminders(code: string, deviceId: string) {
  const qc = useQueryClient();
  const key = remindersKey(code, deviceId);
  const query = useQuery<ReminderState>({ queryKey: key, queryFn: () => getReminders(code, deviceId) });
  const action = useMutation<ReminderState | null, unknown, ReminderAction>({
    mutationFn: (a) => runReminder(code, deviceId, a),
    onSuccess: (state) => {
      if (state) qc.setQueryData(key, state);
    },
    onError: (err) => {
      if (!isTooLate(err)) return;
      // too late: the photos are out, and the gallery shows them now rather than at its next poll
      void qc.invalidateQueries({ queryKey: key });
      void qc.invalidateQueries({ queryKey: eventPhotosKey(code) });
    },
  });
  return { query, action };
}

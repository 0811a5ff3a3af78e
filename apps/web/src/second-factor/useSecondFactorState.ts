/**
 * The session's second-factor state, read by the admin gate on every admin screen: kept apart from
 * the enrolment screen so the gate does not load the screen's code with each admin page.
 */
import { useQuery } from "@tanstack/react-query";
import { secondFactorState } from "./secondFactorApi.ts";

export const SECOND_FACTOR_KEY = ["second-factor"] as const;

export function useSecondFactorState() {
  return useQuery({ queryKey: SECOND_FACTOR_KEY, queryFn: secondFactorState, staleTime: 0, gcTime: 0 });
}

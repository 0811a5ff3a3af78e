/**
 * A screen whose data must be current on every visit (Review's due queue: the member may have studied
 * elsewhere since) has its route's loader read it as the screen's code downloads. The screen then reads
 * it again on mount only when its copy is older than that read: one restored from the device or left
 * from an earlier visit. A read still under way is shared, not sent twice.
 */
export function refetchUnlessReadSince(askedAt: number) {
  return (query: { state: { dataUpdatedAt: number } }): "always" | false =>
    query.state.dataUpdatedAt >= askedAt ? false : "always";
}

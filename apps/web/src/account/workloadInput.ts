/**
 * What Review Settings asks the server's workload forecast for: the next 30 days at a retention in
 * whole percents. One function for the route's loader, the page's wait and the forecast itself, so all
 * three ask the same query. Kept apart from the forecast's component: the route's loader is in the
 * app's first chunk, and importing the component there would bring the screen's code into it.
 */
export const workloadInput = (retention: number) => ({ retention: Math.round(retention * 100) / 100, days: 30 });

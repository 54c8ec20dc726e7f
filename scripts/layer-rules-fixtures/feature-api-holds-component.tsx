// lint as: apps/web/src/features/widgets/api/widget-card.tsx // breaks
// A .tsx file in a feature's api/ is refused whatever it holds: the whole file is reported at its first line.
// The api/ folder is the feature's public entry of hooks, fetchers and types; a component goes to components/.
export const label = 'no components here';

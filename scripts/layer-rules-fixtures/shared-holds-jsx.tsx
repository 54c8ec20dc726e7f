// lint as: packages/shared/src/layer-fixture.tsx // breaks
// A .tsx file in packages/shared is refused whatever it holds: the whole file is reported at its first line.
export const label = 'no components here';

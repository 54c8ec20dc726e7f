import type { EntitySet } from './entity-set';

/** The namespace of the feed's entity types. */
export const ODATA_NAMESPACE = 'RTMS';

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The service's CSDL (XML, OData 4.0): one entity type per set, keyed by `id`, and one container. */
export function metadataXml(sets: readonly EntitySet[]): string {
  const types = sets.map((set) => {
    const properties = Object.entries(set.properties).map(
      ([name, property]) =>
        `        <Property Name="${escapeXml(name)}" Type="${property.type}" Nullable="${property.nullable}"/>`,
    );
    return [
      `      <EntityType Name="${escapeXml(set.entityType)}">`,
      '        <Key><PropertyRef Name="id"/></Key>',
      ...properties,
      '      </EntityType>',
    ].join('\n');
  });
  const container = sets.map(
    (set) =>
      `        <EntitySet Name="${escapeXml(set.name)}" EntityType="${ODATA_NAMESPACE}.${escapeXml(set.entityType)}"/>`,
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0">',
    '  <edmx:DataServices>',
    `    <Schema xmlns="http://docs.oasis-open.org/odata/ns/edm" Namespace="${ODATA_NAMESPACE}">`,
    ...types,
    '      <EntityContainer Name="Container">',
    ...container,
    '      </EntityContainer>',
    '    </Schema>',
    '  </edmx:DataServices>',
    '</edmx:Edmx>',
    '',
  ].join('\n');
}

import { describe, expect, it } from 'vitest';
import atlas from 'world-atlas/countries-110m.json';
import { COUNTRY_CODES } from '@/lib/regions';
import { buildWorldGeoJson, shapeCode, UNNUMBERED_SHAPES } from './world-map-data';

interface AtlasShape {
  id?: string;
  properties: { name: string };
}
const shapes = (atlas as unknown as { objects: { countries: { geometries: AtlasShape[] } } }).objects.countries
  .geometries;

describe('world map data', () => {
  const world = buildWorldGeoJson();
  const names = world.features.map((f) => f.properties.name);

  it('gives every shape of the atlas an alpha-2 code', () => {
    const unnamed = shapes.filter((shape) => !shapeCode(shape)).map((shape) => shape.properties.name);
    expect(unnamed).toEqual([]);
  });

  it('names each feature by a code the console knows, once', () => {
    expect(new Set(names).size).toBe(names.length);
    const known = new Set([...COUNTRY_CODES, ...Object.values(UNNUMBERED_SHAPES)]);
    expect(names.filter((name) => !known.has(name))).toEqual([]);
    // Every shape ends in some feature: 177 shapes, two of them joined to their neighbour's code.
    expect(names).toHaveLength(shapes.length - 2);
  });

  it('maps the atlas numbers to the right codes', () => {
    const byAtlasName = new Map(shapes.map((shape) => [shape.properties.name, shapeCode(shape)]));
    expect(byAtlasName.get('China')).toBe('CN');
    expect(byAtlasName.get('United States of America')).toBe('US');
    expect(byAtlasName.get('Taiwan')).toBe('TW');
    expect(byAtlasName.get('Fiji')).toBe('FJ');
    expect(byAtlasName.get('Kosovo')).toBe('XK');
  });

  it('keeps every ring but the one round the pole on one side of the antimeridian, so no shape draws a stripe across the map', () => {
    const steps: string[] = [];
    for (const { properties, geometry } of world.features) {
      const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
      for (const ring of polygons.flat()) {
        ring.forEach((point, i) => {
          const before = ring[i - 1];
          if (before && Math.abs((point[0] ?? 0) - (before[0] ?? 0)) > 180) steps.push(properties.name);
        });
      }
    }
    // Antarctica's ring goes round the pole: its one step runs along the bottom edge and closes it.
    expect(steps).toEqual(['AQ']);
    const antarctica = world.features.find((f) => f.properties.name === 'AQ');
    const south = antarctica?.geometry.type === 'MultiPolygon' ? antarctica.geometry.coordinates : [];
    const southLongitudes = south.flat(2).map((point) => point[0] ?? 0);
    expect([Math.min(...southLongitudes), Math.max(...southLongitudes)]).toEqual([-180, 180]);
    // Russia keeps Chukotka, held at the edge rather than dropped.
    const russia = world.features.find((f) => f.properties.name === 'RU');
    const polygons = russia?.geometry.type === 'MultiPolygon' ? russia.geometry.coordinates : [];
    const longitudes = polygons.flat(2).map((point) => point[0] ?? 0);
    expect(Math.max(...longitudes)).toBe(180);
  });

  it('joins the shapes that share a code into one region', () => {
    const cyprus = world.features.find((f) => f.properties.name === 'CY');
    expect(cyprus?.geometry.type).toBe('MultiPolygon');
    expect(cyprus?.geometry.coordinates.length).toBeGreaterThanOrEqual(1);
  });
});

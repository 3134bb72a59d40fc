import { describe, expect, it } from 'vitest';
import codes from 'i18n-iso-countries/codes.json';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlas50 from 'world-atlas/countries-50m.json';
import { SMALL_COUNTRY_POSITIONS } from './small-countries';
import { buildWorldGeoJson } from './world-map-data';

type Ring = number[][];
const alpha2 = new Map(codes.map(([code, , numeric]) => [numeric, code]));

/** The centre of the bounding box of a country's largest ring (by the shoelace area). */
function centre(polygons: Ring[][]): [number, number] {
  let best: Ring = [];
  let bestArea = -1;
  for (const [ring = []] of polygons) {
    let area = 0;
    for (let i = 0; i < ring.length - 1; i++) {
      const [x1 = 0, y1 = 0] = ring[i] ?? [];
      const [x2 = 0, y2 = 0] = ring[i + 1] ?? [];
      area += x1 * y2 - x2 * y1;
    }
    if (Math.abs(area) > bestArea) [best, bestArea] = [ring, Math.abs(area)];
  }
  const xs = best.map(([x = 0]) => x);
  const ys = best.map(([, y = 0]) => y);
  const mid = (values: number[]) => Number(((Math.min(...values) + Math.max(...values)) / 2).toFixed(2));
  return [mid(xs), mid(ys)];
}

describe('small countries', () => {
  it('places every country the 1:50m atlas has and the 1:110m map lacks, where the atlas does', () => {
    const onMap = new Set(buildWorldGeoJson().features.map((f) => f.properties.name));
    const topology = atlas50 as unknown as Topology<{ countries: GeometryCollection }>;
    const expected: Record<string, [number, number]> = {};
    for (const country of feature(topology, topology.objects.countries).features) {
      const code = alpha2.get(String(country.id));
      if (!code || onMap.has(code)) continue;
      const { geometry } = country;
      if (geometry.type === 'Polygon') expected[code] = centre([geometry.coordinates]);
      else if (geometry.type === 'MultiPolygon') expected[code] = centre(geometry.coordinates);
    }
    expect(SMALL_COUNTRY_POSITIONS).toEqual(expected);
  });
});

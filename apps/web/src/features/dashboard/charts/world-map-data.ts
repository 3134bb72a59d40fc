import codes from 'i18n-iso-countries/codes.json';
import { feature, merge } from 'topojson-client';
import type { GeometryCollection, MultiPolygon, Polygon, Topology } from 'topojson-specification';
import atlas from 'world-atlas/countries-110m.json';

/**
 * The world map's shapes: Natural Earth's 1:110m countries from `world-atlas`, in TopoJSON with
 * ISO 3166 numeric ids, turned into GeoJSON whose feature names are ISO alpha-2 codes, the codes
 * the event store keeps. Only the code table of `i18n-iso-countries` is read (names come from
 * the browser, lib/regions.ts).
 */

type CountryShape = Polygon<{ name: string }> | MultiPolygon<{ name: string }>;
type WorldTopology = Topology<{ countries: GeometryCollection<{ name: string }> }>;

/**
 * Three shapes carry no ISO number. GeoIP databases place their addresses under these codes
 * (XK is the code they use for Kosovo); without them the shapes could never show traffic.
 * Somaliland and Northern Cyprus join Somalia's and Cyprus' shapes, so a code has one region.
 */
export const UNNUMBERED_SHAPES: Readonly<Record<string, string>> = {
  Kosovo: 'XK',
  Somaliland: 'SO',
  'N. Cyprus': 'CY',
};

const NUMERIC_TO_ALPHA2 = new Map(codes.map(([alpha2, , numeric]) => [numeric, alpha2]));

/** The alpha-2 code of one of the atlas' shapes. */
export function shapeCode(shape: { id?: string | number; properties?: { name?: string } | null }): string | undefined {
  if (shape.id !== undefined) return NUMERIC_TO_ALPHA2.get(String(shape.id).padStart(3, '0'));
  return UNNUMBERED_SHAPES[shape.properties?.name ?? ''];
}

type Ring = number[][];
export type CountryGeometry =
  { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };

export interface CountryFeature {
  type: 'Feature';
  properties: { name: string };
  geometry: CountryGeometry;
}

function shapeGeometry(topology: WorldTopology, shapes: CountryShape[]): CountryGeometry {
  const [only] = shapes;
  if (shapes.length > 1 || !only) return merge(topology, shapes);
  return only.type === 'Polygon' ? feature(topology, only).geometry : feature(topology, only).geometry;
}

/** How far a ring turns around the pole, in degrees: 0 for most, ±360 for Antarctica's. */
function turn(ring: Ring): number {
  let sum = 0;
  ring.forEach((point, i) => {
    const before = ring[i - 1];
    if (!before) return;
    const step = (point[0] ?? 0) - (before[0] ?? 0);
    sum += step > 180 ? step - 360 : step < -180 ? step + 360 : step;
  });
  return sum;
}

/**
 * Natural Earth cuts shapes at the antimeridian but keeps a few rings that step across it (the
 * tip of Chukotka, Wrangel Island, Fiji): one point at 179°, the next at -180°. Drawn on a flat
 * map such a step is a stripe across the whole world. The ring's points on its smaller side are
 * moved to its larger side and held at the edge, so the ring stays on one side of the map and
 * its few square degrees beyond 180° lie along the edge. Antarctica's ring goes round the pole:
 * its one step runs along the bottom of the map and closes the shape, so it is kept.
 */
function onOneSide(ring: Ring): Ring {
  const crosses = ring.some((point, i) => i > 0 && Math.abs((point[0] ?? 0) - (ring[i - 1]?.[0] ?? 0)) > 180);
  if (!crosses || Math.abs(turn(ring)) > 180) return ring;
  const east = ring.filter((point) => (point[0] ?? 0) > 0).length;
  const edge = east * 2 >= ring.length ? 180 : -180;
  return ring.map(([lon = 0, lat = 0]) => (lon * edge < 0 ? [edge, lat] : [lon, lat]));
}

function onOneSideGeometry(geometry: CountryGeometry): CountryGeometry {
  return geometry.type === 'Polygon'
    ? { type: 'Polygon', coordinates: geometry.coordinates.map(onOneSide) }
    : { type: 'MultiPolygon', coordinates: geometry.coordinates.map((polygon) => polygon.map(onOneSide)) };
}

export interface WorldGeoJson {
  type: 'FeatureCollection';
  features: CountryFeature[];
}

/** GeoJSON of the world, one feature per alpha-2 code, named by it. */
export function buildWorldGeoJson(topology: WorldTopology = atlas as unknown as WorldTopology): WorldGeoJson {
  const byCode = new Map<string, CountryShape[]>();
  for (const shape of topology.objects.countries.geometries) {
    if (shape.type !== 'Polygon' && shape.type !== 'MultiPolygon') continue;
    const code = shapeCode(shape);
    if (!code) continue;
    byCode.set(code, [...(byCode.get(code) ?? []), shape]);
  }
  const features = [...byCode].map(([code, shapes]): CountryFeature => ({
    type: 'Feature',
    properties: { name: code },
    geometry: onOneSideGeometry(shapeGeometry(topology, shapes)),
  }));
  return { type: 'FeatureCollection', features };
}

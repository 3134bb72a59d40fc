import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { pixelOf, setUpChartTests } from './chart-test-kit';
import { WorldMap } from './world-map';

// A card on a phone: narrower than it is high.
const WIDTH = 320;
const HEIGHT = 360;
setUpChartTests(WIDTH, HEIGHT);
initI18n();

describe('WorldMap in a narrow card', () => {
  it('shows the whole world, from Alaska to Fiji, above the legend', () => {
    render(
      <WorldMap
        ariaLabel="Requests"
        values={[{ country: 'US', value: 5 }]}
        metric="requests"
        language="en-US"
        renderer="svg"
      />,
    );
    const map = screen.getByTestId('world-map');
    for (const place of [
      [-168, 65], // the west of Alaska
      [178, -17], // Fiji
      [-70, -54], // Tierra del Fuego
    ]) {
      const [x, y] = pixelOf(map, { geoIndex: 0 }, place);
      expect(x, `x of ${place.join(', ')}`).toBeGreaterThanOrEqual(0);
      expect(x, `x of ${place.join(', ')}`).toBeLessThanOrEqual(WIDTH);
      // The legend lies along the bottom.
      expect(y, `y of ${place.join(', ')}`).toBeLessThan(HEIGHT - 20);
    }
    // Its shape kept: the equator is about twice as long as a meridian from pole to pole, not
    // stretched to the card's height.
    const [west] = pixelOf(map, { geoIndex: 0 }, [-180, 0]);
    const [east] = pixelOf(map, { geoIndex: 0 }, [180, 0]);
    const [, north] = pixelOf(map, { geoIndex: 0 }, [0, 80]);
    const [, south] = pixelOf(map, { geoIndex: 0 }, [0, -80]);
    expect((east - west) / (south - north)).toBeGreaterThan(1.5);
  });
});

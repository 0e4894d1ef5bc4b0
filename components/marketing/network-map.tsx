import { MapPin } from "lucide-react";
import { getFormatter, getTranslations } from "next-intl/server";
import { networkCities } from "@/content/hospitals";
import { messageKey } from "@/content/message-keys";

/**
 * A rough outline of Turkey (longitude, latitude), drawn locally: no map tiles are downloaded.
 * Decorative: the list beside it carries the same facts for everyone.
 */
const outline: readonly [number, number][] = [
  [26.0, 40.6],
  [26.6, 41.7],
  [28.0, 42.0],
  [29.1, 41.25],
  [31.2, 41.1],
  [33.3, 42.0],
  [35.1, 42.05],
  [36.9, 41.35],
  [38.4, 40.95],
  [40.1, 40.95],
  [41.5, 41.5],
  [42.8, 41.55],
  [43.5, 41.1],
  [44.7, 39.7],
  [44.4, 38.3],
  [44.2, 37.2],
  [42.4, 37.1],
  [40.5, 37.1],
  [38.2, 36.9],
  [36.7, 36.8],
  [36.2, 36.0],
  [35.6, 36.6],
  [34.1, 36.3],
  [32.5, 36.1],
  [30.6, 36.8],
  [29.3, 36.3],
  [27.4, 37.0],
  [26.4, 38.3],
  [26.2, 39.5],
];

const WIDTH = 800;
const HEIGHT = 360;
const project = (longitude: number, latitude: number) => ({ x: (longitude - 25.5) * 40, y: (42.5 - latitude) * 52 });

/** The partner network's city map: Istanbul +15, Ankara +2, Antalya +2, Kayseri +2, Diyarbakır +2. */
export async function NetworkMap() {
  const t = await getTranslations();
  const format = await getFormatter();
  const cities = networkCities.map((entry) => ({
    ...entry,
    ...project(entry.longitude, entry.latitude),
    label: t("hospitals.cityCount", { city: t(messageKey.city(entry.city)), count: format.number(entry.hospitals) }),
  }));
  const polygon = outline.map(([longitude, latitude]) => Object.values(project(longitude, latitude)).join(",")).join(" ");
  return (
    <div className="grid items-center gap-8 lg:grid-cols-[2fr_1fr]">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" className="w-full" direction="ltr">
        <polygon points={polygon} className="fill-secondary stroke-primary" strokeWidth={2} strokeLinejoin="round" />
        {cities.map((city) => (
          <g key={city.city}>
            <circle cx={city.x} cy={city.y} r={9} className="fill-primary" />
            <text x={city.x} y={city.y - 18} textAnchor="middle" className="fill-foreground text-[24px] font-semibold">
              {city.label}
            </text>
          </g>
        ))}
      </svg>
      <ul data-testid="city-list" className="grid gap-2">
        {cities.map((city) => (
          <li key={city.city} className="flex items-center gap-2 rounded-md border bg-card px-4 py-3 font-medium">
            <MapPin aria-hidden="true" className="size-5 text-primary" />
            {city.label}
          </li>
        ))}
      </ul>
    </div>
  );
}

"use client";

import { useLocale } from "next-intl";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { textDirection, type Locale } from "@/lib/i18n/locales";

/**
 * The insights page's charts, on Recharts. Only components/insights/insights-view.tsx loads this file
 * (through next/dynamic, in the browser only), so no other page carries the chart library. Each chart
 * is a picture of a table the page also shows as a table (the accessible view), so the charts are
 * hidden from screen readers. In Arabic (right to left) each chart is mirrored: categories start on the
 * right, the value axis stands on the right and bars grow leftwards, as the page reads.
 */

/** Colours that stay apart for the common colour-vision deficiencies (Okabe–Ito), the theme's teal first. */
export const CHART_COLOURS = ["#0f766e", "#e69f00", "#56b4e9", "#cc79a7", "#009e73", "#d55e00", "#0072b2", "#7f7f7f", "#f0e442", "#999933"];

export interface Series {
  key: string;
  label: string;
}

interface ChartProps {
  /** One object per bar (or group of bars): `name` on the axis, then a number per series key. */
  data: Record<string, string | number | null>[];
  series: Series[];
  stacked?: boolean;
  /** Bars along the vertical axis (long labels: hospitals, funnel steps). */
  horizontal?: boolean;
  format?: (value: number) => string;
  height?: number;
}

export default function InsightChart({ data, series, stacked = false, horizontal = false, format, height = 280 }: ChartProps) {
  const formatter = format ? (value: unknown) => (typeof value === "number" ? format(value) : String(value ?? "")) : undefined;
  const rtl = textDirection(useLocale() as Locale) === "rtl";
  const side = rtl ? "right" : "left";
  return (
    <div aria-hidden className="w-full" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout={horizontal ? "vertical" : "horizontal"} margin={{ top: 8, bottom: 8, left: rtl ? 16 : 8, right: rtl ? 8 : 16 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          {horizontal ? (
            <>
              <XAxis type="number" tickFormatter={formatter} fontSize={12} allowDecimals={false} reversed={rtl} />
              <YAxis type="category" dataKey="name" width={150} fontSize={12} orientation={side} />
            </>
          ) : (
            <>
              <XAxis dataKey="name" fontSize={12} reversed={rtl} />
              <YAxis tickFormatter={formatter} fontSize={12} allowDecimals={false} orientation={side} />
            </>
          )}
          <Tooltip formatter={formatter} />
          {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
          {series.map((item, index) => (
            <Bar
              key={item.key}
              dataKey={item.key}
              name={item.label}
              fill={CHART_COLOURS[index % CHART_COLOURS.length]}
              stackId={stacked ? "all" : undefined}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

"""The annual report's charts (reportlab.graphics): drawn as vectors, fonts embedded."""

from __future__ import annotations

from reportlab.graphics.charts.barcharts import HorizontalBarChart, VerticalBarChart
from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.shapes import Drawing, String
from reportlab.lib import colors

from deerfield_desk.documents.village import FONT as REGULAR
from deerfield_desk.documents.village import FONT_BOLD as BOLD

# Okabe–Ito colours: distinguishable with the common colour-vision deficiencies, and in grey.
PALETTE = [
    colors.HexColor(c)
    for c in ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442")
]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def _nice_max(value: int) -> int:
    value = max(value, 1)
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000):
        if value <= step * 5:
            return step * ((value + step - 1) // step)
    return value


def stacked_bars(
    title: str,
    categories: list[str],
    series: dict[str, list[int]],
    width: float = 468,
    height: float = 200,
    horizontal: bool = False,
) -> Drawing:
    """Bars per category, stacked by series, with a legend on the right."""
    drawing = Drawing(width, height)
    drawing.initialFontName = REGULAR  # else the renderer names Helvetica, never embedded
    drawing.add(String(0, height - 12, title, fontName=BOLD, fontSize=10))
    names = list(series) or ["(none)"]
    data = [series[n] for n in series] or [[0] * len(categories)]
    chart = HorizontalBarChart() if horizontal else VerticalBarChart()
    chart.x, chart.y = (110 if horizontal else 36), 28
    chart.width = width - chart.x - 130
    chart.height = height - 56
    chart.data = data
    chart.categoryAxis.categoryNames = categories
    chart.categoryAxis.style = "stacked"
    chart.categoryAxis.labels.fontName = REGULAR
    chart.categoryAxis.labels.fontSize = 7
    chart.valueAxis.labels.fontName = REGULAR
    chart.valueAxis.labels.fontSize = 7
    totals = [sum(col) for col in zip(*data, strict=True)] if data and data[0] else [0]
    top = _nice_max(max(totals))
    chart.valueAxis.valueMin = 0
    chart.valueAxis.valueMax = top
    chart.valueAxis.valueStep = max(1, top // 5)
    chart.barSpacing = 1
    for i in range(len(data)):
        chart.bars[i].fillColor = PALETTE[i % len(PALETTE)]
        chart.bars[i].strokeColor = None
    drawing.add(chart)
    legend = Legend()
    legend.x, legend.y = width - 120, height - 30
    legend.fontName = REGULAR
    legend.fontSize = 7
    legend.alignment = "right"
    legend.columnMaximum = 10
    legend.colorNamePairs = [(PALETTE[i % len(PALETTE)], n) for i, n in enumerate(names)]
    drawing.add(legend)
    return drawing

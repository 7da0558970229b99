"""`prismatic bench`: simulated phones drafting over real WebSockets, with a baseline.

Why in the product: a host can check their own laptop before a store night, with the
same tool we use to publish figures in docs/performance.md.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from server.cli.i18n import _


@click.command(
    "bench",
    help=_("Draft P pods of simulated phones and report pick latency beside an echo baseline."),
)
@click.option(
    "--url", "urls", multiple=True,
    help=_("A running server's base URL, e.g. http://127.0.0.1:8000; repeat it to spread "
           "phones over the servers of one cluster."),
)
@click.option("--processes", type=click.IntRange(1, 16), default=None,
              help=_("Spawn this many cluster servers over --db (PostgreSQL) and spread "
                     "phones over them."))
@click.option("--spawn", is_flag=True, help=_("Start a fresh server for the run (the default)."))
@click.option("--pods", type=click.IntRange(1, 1000), default=1, show_default=True)
@click.option("--seats", type=click.IntRange(2, 8), default=8, show_default=True)
@click.option("--think-ms", "think_text", default="0", show_default=True,
              help=_("Think time before each pick: N or LOW-HIGH milliseconds."))
@click.option("--db", "db_url", default=None, help=_("Database URL for the spawned server."))
@click.option("--idle-pods", type=click.IntRange(0, 1000), default=0,
              help=_("Also measure RSS per idle pod with every seat connected."))
@click.option("--timeout", type=click.FloatRange(1, 3600), default=120.0, show_default=True,
              help=_("Seconds to wait for any one message."))
@click.option("--picks-over", type=click.Choice(["socket", "http"]), default="socket",
              show_default=True,
              help=_("How phones send picks: over the WebSocket, or over HTTP as the phone "
                     "page does."))
@click.option("--spread-by", type=click.Choice(["seat", "pod"]), default="seat",
              show_default=True,
              help=_("Over several servers: each seat's phone to the next server, or all of "
                     "a pod's phones to one server."))
@click.option("--server-pid", type=click.IntRange(1), default=None,
              help=_("With one --url of a server on this machine: its process id, so that "
                     "its CPU and memory are measured too."))
@click.option("--drop-all-at", type=click.FloatRange(0, 3600), default=None,
              help=_("Seconds into the draft: cut every phone's socket at once, as a "
                     "rebooting router does, and report how long until every phone has its "
                     "current view again."))
@click.option("--stagger-s", type=click.FloatRange(0, 3600), default=0.0, show_default=True,
              help=_("Start the pods spread over this many seconds, as the tables of a real "
                     "night sit down one after another (0: all at once)."))
@click.option("--trace", is_flag=True,
              help=_("Split the slow picks by cause: the server's collector pauses, loop "
                     "lag and writer batches beside each slow pick."))
@click.option("--slow-ms", type=click.FloatRange(0.1, 60000), default=50.0, show_default=True,
              help=_("With --trace: a pick this slow or slower counts as slow."))
@click.option("--server-checkout", type=click.Path(exists=True, file_okay=False,
                                                   path_type=Path), default=None,
              help=_("Spawn the server of another checkout (a directory with its own .venv), "
                     "measured by this bench client."))
@click.option("--json", "as_json", is_flag=True, help=_("Print the figures as JSON."))
def bench_command(urls: tuple[str, ...], processes: int | None, spawn: bool, pods: int, seats: int,
                  think_text: str, db_url: str | None, idle_pods: int, timeout: float,
                  picks_over: str, spread_by: str, server_pid: int | None,
                  drop_all_at: float | None, stagger_s: float, trace: bool, slow_ms: float,
                  server_checkout: Path | None, as_json: bool) -> None:
    from loadgen.run import BenchConfig, bench  # heavy imports only when benchmarking
    from loadgen.stats import parse_think

    url = urls[0] if len(urls) == 1 else None

    if url and spawn:
        raise click.UsageError("give --url or --spawn, not both")
    if url and db_url:
        raise click.UsageError("--db only applies to a spawned server")
    if server_pid is not None and url is None:
        raise click.UsageError("--server-pid needs exactly one --url")
    if server_checkout is not None and urls:
        raise click.UsageError("--server-checkout spawns its server: give no --url")
    try:
        think = parse_think(think_text)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--think-ms") from None
    config = BenchConfig(pods=pods, seats=seats, think=think, think_text=think_text,
                         url=url, db_url=db_url, idle_pods=idle_pods, timeout=timeout,
                         picks_over=picks_over, server_pid=server_pid,
                         drop_all_at=drop_all_at, stagger_s=stagger_s, trace=trace,
                         slow_ms=slow_ms, server_checkout=server_checkout)

    def progress(line: str) -> None:
        click.echo(line, err=True)

    if len(urls) > 1 or processes is not None:
        _spread(config, list(urls) if len(urls) > 1 else [], processes or 1, progress, as_json,
                spread_by == "pod")
        return

    try:
        figures = bench(config, progress)
    except (RuntimeError, OSError) as error:
        raise click.ClickException(str(error)) from None
    if as_json:
        click.echo(json.dumps(figures))
        return
    lat, base = figures["latency_ms"], figures["baseline_ms"]
    click.echo(f"pods {pods} x {seats} seats, think {think_text} ms, picks over {picks_over}: "
               f"{figures['picks']} picks, {figures['picks_per_s']} picks/s")
    click.echo(f"  pick latency ms   p50 {lat['p50']:8.2f}  p95 {lat['p95']:8.2f}  "
               f"p99 {lat['p99']:8.2f}  max {lat['max']:8.2f}")
    click.echo(f"  echo baseline ms  p50 {base['p50']:8.2f}  p95 {base['p95']:8.2f}  "
               f"p99 {base['p99']:8.2f}")
    click.echo(f"  ratio p50 {figures['ratio_p50']}  ratio p99 {figures['ratio_p99']}")
    click.echo(f"  server peak RSS {figures['server_rss_mb']} MB; errors {figures['errors']}; "
               f"pools ok {figures['pools_ok']}")
    click.echo(f"  CPU while drafting: server {figures['server_cpu_pct']}%, "
               f"bench client {figures['client_cpu_pct']}% (100% = one core); "
               f"waiting for a CPU: server {figures['server_runqueue_wait_pct']}%, "
               f"client {figures['client_runqueue_wait_pct']}%; "
               f"load average {figures['load_avg_1m']}")
    click.echo(f"  server CPU per pick {figures['server_cpu_ms_per_pick']} ms (event loop "
               f"{figures['server_loop_cpu_ms_per_pick']}, other threads "
               f"{figures['server_threads_cpu_ms_per_pick']}); per echo round trip "
               f"{figures['echo_server_cpu_ms_per_round_trip']} ms (the socket stack alone)")
    click.echo(f"  views per pick {figures['views_per_pick']} (waiting seats' only "
               f"{figures['waiting_views_per_pick']}), frames per pick "
               f"{figures['frames_per_pick']}, {figures['view_kb_avg']} KiB per view on average")
    if "drop" in figures:
        drop, back = figures["drop"], figures["drop"]["back_ms"]
        click.echo(f"  all sockets cut at {drop['after_s']} s: {drop['phones_cut']} phones cut, "
                   f"{drop['phones_back']} back with their current view; ms after the cut "
                   f"p50 {back['p50']:.0f}  p99 {back['p99']:.0f}  max {back['max']:.0f}; "
                   f"picks in flight {drop['picks_in_flight']}, acknowledged picks lost "
                   f"{drop['picks_lost']}")
    if "tail" in figures:
        from loadgen.tail import table

        tail = figures["tail"]
        click.echo(f"  slow picks (>= {tail['slow_ms']:g} ms) against all picks"
                   + ("" if tail["server_traced"] else " (no server trace: the client's "
                      "side only)") + ":")
        click.echo(table(tail))
    if "idle_kb_per_pod" in figures:
        click.echo(f"  idle pod with {seats} connected seats: {figures['idle_kb_per_pod']} KiB")


def _spread(config: Any, urls: list[str], processes: int, progress: Any,
            as_json: bool, by_pod: bool) -> None:
    """Phones spread over several servers of one cluster (`loadgen.spread`)."""
    from loadgen.spread import spread

    try:
        figures = spread(config, urls, processes, progress, by_pod)
    except (RuntimeError, OSError) as error:
        raise click.ClickException(str(error)) from None
    if as_json:
        click.echo(json.dumps(figures))
        return
    lat = figures["latency_ms"]
    click.echo(f"{figures['servers']} servers (by {figures['spread_by']}), pods "
               f"{figures['pods']} x {figures['seats']} seats: {figures['picks']} picks, "
               f"{figures['picks_per_s']} picks/s; "
               f"errors {figures['errors']}; pools ok {figures['pools_ok']}")
    click.echo(f"  pick latency ms   p50 {lat['p50']:8.2f}  p95 {lat['p95']:8.2f}  "
               f"p99 {lat['p99']:8.2f}  max {lat['max']:8.2f}")
    for process in figures["processes"]:
        click.echo(f"  {process['url']} (pid {process['pid']}): CPU "
                   f"{process['cpu_ms_per_pick']} ms per pick, {process['cpu_pct']}% of a core")


COMMANDS: list[click.Command] = [bench_command]

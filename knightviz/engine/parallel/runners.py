"""Where the pieces run: this process, a pool of worker processes, or a Dask cluster.

Every runner takes the same tasks and calls back with each result in the caller's thread
as it arrives, in any order; a poll (the cancel flag) or Ctrl-C in the caller's thread
stops every worker at once.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, CancelledError, Future, wait
from concurrent.futures import TimeoutError as FutureTimeout
from typing import TYPE_CHECKING, Any, Protocol

from .. import backends
from ..cores import forks as forks  # (re-exported: the puzzles' counts ask here too)
from ..cores import usable_cpus as usable_cpus
from .tasks import call

if TYPE_CHECKING:  # imported by the pool alone: a count in this process starts sooner
    import multiprocessing.context
    from concurrent.futures import ProcessPoolExecutor

#: The environment variable that names a Dask scheduler (like ``--scheduler``).
ENV_SCHEDULER = "KNIGHTVIZ_SCHEDULER"
#: How long connecting to a Dask scheduler may take before it is reported unreachable.
CONNECT_SECONDS = 5.0


class ClusterError(RuntimeError):
    """The Dask path cannot run: ``distributed`` missing, the address malformed, or the
    scheduler unreachable. The message is one line for the user."""


class ClusterLost(RuntimeError):
    """The cluster stopped answering mid-run (its scheduler gone, or every worker): the
    pieces finished by then stand, the rest never come. The message is one line."""


#: Transports whose address is HOST:PORT (Dask's others: inproc, ucx).
HOST_PORT_SCHEMES = ("tcp", "tls", "ws", "wss")


def check_address(address: str, known: Sequence[str]) -> None:
    """Refuse an address Dask could never connect to, before trying (Dask would take its
    whole timeout and report a syntax error as a failed connection)."""
    scheme, _, location = address.rpartition("://")
    scheme = scheme or "tcp"
    if scheme not in known:
        raise ClusterError(
            f"--scheduler {address!r}: {scheme}:// is not a transport Dask knows "
            f"({', '.join(sorted(known))})"
        )
    if scheme in HOST_PORT_SCHEMES:
        host, _, port = location.rpartition(":")
        if not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise ClusterError(
                f"--scheduler {address!r} is not a scheduler address: expected {scheme}://HOST:PORT"
            )


def _hello(distributed: Any, address: str, timeout: float) -> str | None:
    """Ask the scheduler who it is, within ``timeout`` seconds whatever the other end does
    (Dask's own connect timeout does not bound a listener that accepts and never answers):
    None when a Dask scheduler answered, else what went wrong, in a few words."""
    import asyncio

    answer: dict[str, str | None] = {"why": "no answer"}

    async def ask() -> None:
        comm = await distributed.comm.connect(address, timeout=timeout)
        try:
            await comm.write({"op": "identity", "reply": True})
            reply = await comm.read()
        finally:
            comm.abort()
        kind = reply.get("type") if isinstance(reply, dict) else None
        answer["why"] = None if kind == "Scheduler" else "what answered is not a Dask scheduler"

    def talk() -> None:
        try:
            asyncio.run(asyncio.wait_for(ask(), timeout))
        except (TimeoutError, asyncio.TimeoutError):
            answer["why"] = "no answer"
        except Exception as exc:  # whatever the other end sent: not a scheduler's reply
            answer["why"] = f"the connection failed ({type(exc).__name__})"

    thread = threading.Thread(target=talk, name="knightviz-dask-hello", daemon=True)
    thread.start()
    thread.join(timeout + 1.0)
    return answer["why"]


def scheduler_address(given: str | None) -> str | None:
    """The Dask scheduler to use: ``given``, else ``$KNIGHTVIZ_SCHEDULER``, else None."""
    if given:
        return given
    return os.environ.get(ENV_SCHEDULER, "").strip() or None


class Runner(Protocol):
    """Where pieces run. ``run`` calls ``on_result(index, result)`` in the caller's thread
    as pieces finish, in any order, until all are done (True) or ``poll()`` says stop
    (False; it is asked between results and about ten times a second), then stops every
    worker at once. KeyboardInterrupt stops them too, and propagates."""

    workers: int
    #: What one task costs beyond its work: sending it, starting it, its result back.
    task_seconds: float

    def run(
        self,
        tasks: Sequence[Callable[[], Any]],
        order: Sequence[int],
        on_result: Callable[[int, Any], None],
        poll: Callable[[], bool],
    ) -> bool: ...


class InProcess:
    """Every piece in turn, in this thread (``jobs=1``)."""

    workers = 1
    task_seconds = 0.0

    def run(
        self,
        tasks: Sequence[Callable[[], Any]],
        order: Sequence[int],
        on_result: Callable[[int, Any], None],
        poll: Callable[[], bool],
    ) -> bool:
        for i in order:
            if poll():
                return False
            on_result(i, tasks[i]())
        return not poll()


def _worker_init(backend: str, parts: tuple[str, ...] = ()) -> None:
    """In each worker process: Ctrl-C is the parent's business; the kernels load once
    (only the groups the parent loaded alone, if it did: a forked worker has them); the
    worker ends with its parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _end_with_parent()
    if backend == backends.NUMBA:
        for part in parts:
            backends.load(part)
    backends.choose(backend)


def _end_with_parent() -> None:
    """A worker whose parent was killed (SIGKILL leaves it no chance to stop its pool) would
    wait for ever on its queue, holding the pipes of the parent's output open: on Linux the
    kernel kills it with a forked worker's parent, and everywhere a thread ends it once the
    parent's sentinel says the parent is gone (a worker from a fork server, whose parent in
    the kernel's eyes is the server; at the latest after the piece under way, which holds the
    interpreter's lock)."""
    import multiprocessing.connection  # (a worker's: the pool imported it already)

    parent = multiprocessing.parent_process()
    if parent is None:
        return
    if sys.platform.startswith("linux") and os.getppid() == parent.pid:
        with contextlib.suppress(OSError, AttributeError):
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
            if os.getppid() != parent.pid:  # it died before that: nothing would tell us
                os._exit(1)
    sentinel = parent.sentinel

    def watch() -> None:
        multiprocessing.connection.wait([sentinel])
        os._exit(1)

    threading.Thread(target=watch, name="knightviz-parent-watch", daemon=True).start()


def _context() -> multiprocessing.context.BaseContext:
    """fork where it is safe (Linux, one thread: workers inherit the loaded kernels at no
    cost); forkserver from a threaded process (the window's background thread); spawn
    elsewhere."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    if forks():
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        return multiprocessing.get_context("forkserver")
    return multiprocessing.get_context("spawn")


class LocalPool:
    """``jobs`` worker processes of a ``ProcessPoolExecutor``."""

    #: Measured: a task costs a worker process about 0.3 ms (``Batch``).
    task_seconds = 0.0003

    def __init__(self, jobs: int, backend: str) -> None:
        self.workers = jobs
        self.backend = backend

    def run(
        self,
        tasks: Sequence[Callable[[], Any]],
        order: Sequence[int],
        on_result: Callable[[int, Any], None],
        poll: Callable[[], bool],
    ) -> bool:
        from concurrent.futures import ProcessPoolExecutor

        pool = ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=_context(),
            initializer=_worker_init,
            initargs=(self.backend, backends.parts()),
        )
        finished = False
        try:
            index: dict[Future[Any], int] = {}
            for i in order:
                index[pool.submit(call, tasks[i])] = i
            pending = set(index)
            while pending:
                if poll():
                    return False
                done, pending = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
                for future in sorted(done, key=index.__getitem__):
                    on_result(index[future], future.result())
                    if poll():
                        return False
            finished = True
            return True
        finally:
            _shutdown(pool, kill=not finished)


def _shutdown(pool: ProcessPoolExecutor, kill: bool) -> None:
    """Stop the pool; with ``kill``, its workers at once (mid-piece), not after their piece."""
    if not kill:
        pool.shutdown(wait=True)
        return
    stop = getattr(pool, "kill_workers", None)  # Python 3.14
    if stop is not None:
        stop()
    else:
        processes = list((getattr(pool, "_processes", None) or {}).values())
        for process in processes:
            with contextlib.suppress(OSError, AttributeError):
                process.kill()
    try:
        pool.shutdown(wait=True, cancel_futures=True)
    except RuntimeError:
        # Ctrl-C came while the pool was starting its manager thread: started, not yet
        # running, it cannot be joined ("cannot join thread before it is started"). It runs
        # in a moment, finds its workers gone and ends: wait for it, then stop the pool.
        manager = getattr(pool, "_executor_manager_thread", None)
        started = getattr(manager, "_started", None)
        if started is None or not started.wait(10):
            raise
        pool.shutdown(wait=True, cancel_futures=True)


class DaskCluster:
    """An existing Dask distributed cluster: the pieces become its tasks (each worker loads
    the compiled kernels once). A worker lost mid-run is Dask's business: it runs that
    worker's pieces again elsewhere, and as pieces are pure the total stays exact."""

    #: Measured on a two-worker LocalCluster: a task costs the scheduler, its worker and the
    #: client about 7 ms of processor time in all (benchmarks/README.md, "Counting").
    task_seconds = 0.007

    def __init__(self, address: str, backend: str, timeout: float = CONNECT_SECONDS) -> None:
        try:
            distributed: Any = importlib.import_module("distributed")
        except ImportError:
            raise ClusterError(
                "--scheduler needs Dask's 'distributed' package: pip install 'knightviz[cluster]'"
            ) from None
        self._distributed = distributed
        self.address = address
        self.backend = backend
        self.timeout = timeout
        self.client: Any
        check_address(address, list(distributed.comm.registry.backends))
        why = _hello(distributed, address, timeout)
        if why is not None:
            raise ClusterError(
                f"cannot reach the Dask scheduler at {address} within {timeout:g} s ({why})"
            )
        try:
            self.client = distributed.Client(address, timeout=f"{timeout}s", set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
            raise ClusterError(
                f"cannot reach the Dask scheduler at {address} within {timeout:g} s "
                f"(the connection failed: {type(exc).__name__})"
            ) from None
        self.workers = max(1, sum(self.client.nthreads().values()))
        # Dask's client sends its messages in batches at most every 10 ms, made for graphs
        # of thousands of small tasks. A count sends a few large pieces and waits on each:
        # sent at once, the next piece and the closing message do not wait that 10 ms (a
        # 6x6 count closes in 3 ms instead of 10). A private attribute, so only if it is
        # there.
        comm: Any = getattr(self.client, "scheduler_comm", None)
        if isinstance(getattr(comm, "interval", None), float):
            comm.interval = 0.0

    def close(self) -> None:
        """Close the client, within the timeout even when the scheduler is gone."""
        with contextlib.suppress(Exception):
            self.client.close(timeout=self.timeout)

    def run(
        self,
        tasks: Sequence[Callable[[], Any]],
        order: Sequence[int],
        on_result: Callable[[int, Any], None],
        poll: Callable[[], bool],
    ) -> bool:
        """Pieces in ``order`` (largest first), each sent to a chosen worker: every worker
        thread busy and one more piece waiting on each worker, the next sent to the worker
        that just finished one. Sent all at once, the scheduler queues a second piece on
        every worker as it likes, and a large one waiting behind another leaves the others
        idle at the end; sent one at a time, a worker waits a round trip (10 to 15 ms here)
        between pieces. The choice is a preference (``allow_other_workers``): a piece meant
        for a worker that has gone runs on another."""
        client = self.client
        threads: dict[str, int] = dict(client.nthreads())  # workers come and go
        waiting = list(reversed(order))
        index: dict[Any, int] = {}
        home: dict[Any, str | None] = {}
        # Without results: the next piece goes out as soon as one is done, before its
        # result is fetched from the worker.
        arriving = self._distributed.as_completed([], loop=client.loop)
        # Notified (under this lock) after each future is queued: waiting on it wakes as
        # soon as one is done, without polling.
        ready = getattr(arriving, "thread_condition", None)
        queued: Any = getattr(arriving, "queue", None)
        if queued is None:
            ready = None

        def send(worker: str | None) -> None:
            i = waiting.pop()
            where = {} if worker is None else {"workers": [worker], "allow_other_workers": True}
            future = client.submit(call, tasks[i], pure=False, **where)
            index[future], home[future] = i, worker
            arriving.add(future)

        names = list(threads)
        for turn in range(max(threads.values(), default=0) + 1):
            # Back and forth: the worker given the largest first piece gets the smallest
            # second one.
            for worker in names if turn % 2 == 0 else reversed(names):
                if waiting and turn <= threads[worker]:
                    send(worker)
        while waiting and not names:
            send(None)  # no worker yet: the scheduler keeps them until one comes
        lost = _Watch(self)
        try:
            while index:
                if poll():
                    return False
                batch = arriving.next_batch(block=False)
                if not batch:
                    lost.check()
                    if ready is None:
                        time.sleep(0.002)
                    else:
                        with ready:
                            if queued.empty():
                                ready.wait(timeout=0.05)
                    continue
                for future in batch:
                    if waiting:
                        send(home[future])
                for future in sorted(batch, key=index.__getitem__):
                    del home[future]
                    fetched = _fetch(future, lost, poll)
                    if fetched is _STOPPED:
                        return False
                    on_result(index.pop(future), fetched)
                    if poll():
                        return False
            return True
        finally:
            if index:
                with contextlib.suppress(Exception):
                    client.cancel(list(index), force=True)


#: How long one wait for a piece's result lasts before the cluster is looked at again.
FETCH_SECONDS = 0.25
#: ``_fetch``'s answer when ``poll`` said stop while it waited.
_STOPPED: Any = object()


def _fetch(future: Any, lost: _Watch, poll: Callable[[], bool]) -> Any:
    """A finished piece's result, waited on in short turns with the cluster watched between
    them: the result lives on its worker, and with that worker gone Dask computes the piece
    again, which with no worker left would be waited on for ever. One fetch runs on the
    client's loop throughout; cutting Dask's own wait short (``result(timeout=)``) leaves
    its inner tasks to fail unwatched, printed on stderr as they are collected."""
    import asyncio  # (a cluster's business: a pool or this process never import it)

    client = future.client
    fetching = asyncio.run_coroutine_threadsafe(
        client.gather(future, asynchronous=True), client.loop.asyncio_loop
    )
    while True:
        try:
            return fetching.result(timeout=FETCH_SECONDS)
        except FutureTimeout:  # not yet: the piece may be on its way, or computed again
            lost.check()  # raises ClusterLost once the cluster has been gone too long
            if poll():
                return _STOPPED
        except (CancelledError, asyncio.CancelledError, OSError):
            # The scheduler went (its futures are cancelled) or its connection.
            raise ClusterLost(lost.gone()) from None


class _Watch:
    """While a run waits: the scheduler answering, and some worker left to run the pieces.
    Either gone for longer than the connect timeout ends the run (``ClusterLost``) instead
    of waiting for ever; a worker restarted by its nanny within that time is no loss."""

    def __init__(self, cluster: DaskCluster) -> None:
        self.cluster = cluster
        self.since: float | None = None
        self.next = 0.0
        self.silent = False

    def gone(self) -> str:
        if self.silent or self.cluster.client.status != "running":
            return f"the Dask scheduler at {self.cluster.address} stopped answering"
        return f"no Dask worker left at {self.cluster.address}"

    def _healthy(self) -> bool:
        """Asked of the scheduler itself (the client's own view lags a closed scheduler)."""
        client = self.cluster.client
        if client.status != "running":
            return False
        try:
            info: Any = client.sync(
                client.scheduler.identity,
                n_workers=1,
                callback_timeout=min(2.0, self.cluster.timeout),
            )
        except Exception:  # no answer, or its connection closed
            self.silent = True
            return False
        self.silent = False
        return bool(info.get("workers"))

    def check(self) -> None:
        now = time.monotonic()
        if now < self.next:
            return
        self.next = now + 0.5
        if self._healthy():
            self.since = None
        elif self.since is None:
            self.since = now
        elif now - self.since > self.cluster.timeout:
            raise ClusterLost(self.gone())


def make_runner(jobs: int, scheduler: str | None, backend: str) -> Runner:
    """The runner for ``--jobs`` / ``--scheduler`` (a scheduler wins)."""
    if scheduler:
        return DaskCluster(scheduler, backend)
    if jobs <= 1:
        return InProcess()
    return LocalPool(jobs, backend)


def close_runner(runner: Runner) -> None:
    close = getattr(runner, "close", None)
    if close is not None:
        close()

/*
 * wal_batch: an SQLite VFS that writes each transaction's WAL frames with one system call.
 *
 * Why: SQLite writes a WAL frame as two pwrite() calls (its 24-byte header, then the page), one
 * frame at a time. A chat commit carries a few hundred frames, and on a virtual machine a system
 * call costs microseconds, so commits spent much of their time entering the kernel
 * (docs/decisions.md, operations: "A commit's WAL frames in one write"). This VFS wraps the
 * platform's default VFS and, for WAL files only, gathers writes that continue one another in
 * memory. It writes them out with one call of the default VFS's xWrite (one pwrite()) once the
 * transaction's commit frame is gathered, and before anything that could observe the file or
 * depend on its contents: a read, a sync, a truncate, its size, a lock, a file control, close,
 * and any write that does not continue the gathered run.
 *
 * Why that is safe: no other connection trusts a frame until the writer publishes a new WAL-index
 * header, and SQLite does that only after sqlite3WalFrames() has written the commit frame, which
 * this VFS writes out (returning its error, if any) inside that same xWrite call. Frames of a
 * transaction that has not committed are read by no one but their writer, whose reads go through
 * xRead, which writes the gathered run out first. A crash while frames are gathered loses only a
 * transaction whose commit had not returned, as a crash between two pwrite() calls did before;
 * recovery ignores frames after the last commit frame either way.
 *
 * The main database file, journals and everything else are opened by the default VFS itself, not
 * wrapped. Loaded as an extension (db/wal-batch.ts), it registers itself as the process's default
 * VFS, so every connection opened after that, in any thread, uses it.
 */
#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT1

#include <stdlib.h>
#include <string.h>

#define WAL_HEADER_BYTES 32
#define FRAME_HEADER_BYTES 24
/* A longer run is written out first: a huge transaction must not hold its whole WAL in memory. */
#define MAX_RUN_BYTES (8 * 1024 * 1024)
/* A frontier no write reaches: after a failed write, everything goes straight through (failed()). */
#define UNREACHED_FRONTIER ((sqlite3_int64)0x7fffffffffffffffLL)
/* The most the unix VFS writes in one call (seekAndWriteFd keeps 17 bits of the length). */
#define MAX_WRITE_BYTES ((size_t)0x1ffff)

static sqlite3_vfs *base_vfs;
static sqlite3_vfs batch_vfs;
static sqlite3_io_methods batch_methods;

typedef struct GatheringFile {
  sqlite3_file base;  /* must be first: what SQLite holds */
  sqlite3_file *real; /* the default VFS's file, in the same allocation, after this struct */
  unsigned char *run; /* gathered bytes, to be written at run_offset */
  size_t run_len;
  size_t run_cap;
  sqlite3_int64 run_offset;
  /*
   * The end of the furthest write since this connection last wrote the WAL header. A write
   * before it changes a frame already written (SQLite rewrites frames of its own transaction
   * after a cache spill, and their checksums at commit): such writes go straight through, so
   * nothing that changes a written frame can still be in memory when a commit is published.
   * When the run is not empty it ends here. UNREACHED_FRONTIER after a failed write (failed()).
   */
  sqlite3_int64 frontier;
  /* The last write was a commit frame's header: the page that follows ends the transaction. */
  int commit_header_pending;
  /* The device lacks power-safe overwrite: every write goes straight through (see batch_open). */
  int pass_through;
} GatheringFile;

/*
 * A write failed (a full disk: SQLITE_FULL, or SQLITE_IOERR_WRITE). The frontier may then end
 * inside a frame: the 8 MB write-out fails on a page write, after its frame's header moved the
 * frontier. A later commit frame that straddles it had its header go straight through (not new,
 * so not taken for a commit's) and its page gathered (new): the commit returned and was published
 * with its last page only in memory, and other connections (the checkpoint worker) read that
 * frame short or stale, and a crash lost it. So until this connection starts the WAL over, every
 * write goes straight through, as SQLite's own VFS writes it.
 */
static int failed(GatheringFile *f, int rc) {
  f->frontier = UNREACHED_FRONTIER;
  f->commit_header_pending = 0;
  return rc;
}

/*
 * Writes the run out through the default VFS, in pieces it accepts whole: the unix VFS masks a
 * write's length to 17 bits, so one call carries at most 128 KB (about 31 frames of 4 KB pages).
 */
static int write_out(GatheringFile *f) {
  int rc = SQLITE_OK;
  for (size_t done = 0; done < f->run_len && rc == SQLITE_OK; done += MAX_WRITE_BYTES) {
    size_t piece = f->run_len - done < MAX_WRITE_BYTES ? f->run_len - done : MAX_WRITE_BYTES;
    rc = f->real->pMethods->xWrite(f->real, f->run + done, (int)piece, f->run_offset + (sqlite3_int64)done);
  }
  f->run_len = 0;
  return rc != SQLITE_OK ? failed(f, rc) : rc;
}

/* Writes straight through, after what is gathered, so the file sees every write in order. */
static int write_through(GatheringFile *f, const void *data, int amount, sqlite3_int64 offset) {
  int rc = write_out(f);
  if (rc == SQLITE_OK) rc = f->real->pMethods->xWrite(f->real, data, amount, offset);
  return rc != SQLITE_OK ? failed(f, rc) : rc;
}

/* Appends to the run a write that continues it (or starts one at the frontier); others go through. */
static int gather(GatheringFile *f, const void *data, int amount, sqlite3_int64 offset) {
  int continues = f->run_len > 0 ? offset == f->run_offset + (sqlite3_int64)f->run_len : offset >= f->frontier;
  if (!continues) return write_through(f, data, amount, offset);
  if (f->run_len + (size_t)amount > MAX_RUN_BYTES) {
    /* A long transaction: write out what it has gathered and go on gathering from here. */
    int rc = write_out(f);
    if (rc != SQLITE_OK) return rc;
  }
  if (f->run_len + (size_t)amount > f->run_cap) {
    size_t cap = f->run_cap ? f->run_cap : 256 * 1024;
    while (cap < f->run_len + (size_t)amount) cap *= 2;
    unsigned char *grown = realloc(f->run, cap);
    /* Out of memory: write as SQLite would have without this VFS. */
    if (!grown) return write_through(f, data, amount, offset);
    f->run = grown;
    f->run_cap = cap;
  }
  if (f->run_len == 0) f->run_offset = offset;
  memcpy(f->run + f->run_len, data, (size_t)amount);
  f->run_len += (size_t)amount;
  return SQLITE_OK;
}

static int is_commit_frame_header(const void *data, int amount, sqlite3_int64 offset) {
  if (amount != FRAME_HEADER_BYTES || offset < WAL_HEADER_BYTES) return 0;
  const unsigned char *h = data;
  /* Bytes 4-7: the database size in pages after a commit, zero in every other frame. */
  return (h[4] | h[5] | h[6] | h[7]) != 0;
}

static int batch_write(sqlite3_file *file, const void *data, int amount, sqlite3_int64 offset) {
  GatheringFile *f = (GatheringFile *)file;
  if (f->pass_through) return f->real->pMethods->xWrite(f->real, data, amount, offset);
  int ends_transaction = f->commit_header_pending;
  f->commit_header_pending = 0;
  /* The WAL header: this connection starts the file over, and every frame after it is new. */
  if (offset == 0 && amount == WAL_HEADER_BYTES) f->frontier = 0;
  /* A new frame (not a rewrite of one this transaction wrote before), gathered or not. */
  int new_frame = offset >= f->frontier;
  int rc = gather(f, data, amount, offset);
  if (rc != SQLITE_OK) return rc;
  if (offset + amount > f->frontier) f->frontier = offset + amount;
  if (ends_transaction) return write_out(f);
  /* A new commit frame's header: its page comes next, and with it the transaction is complete. */
  f->commit_header_pending = new_frame && is_commit_frame_header(data, amount, offset);
  return SQLITE_OK;
}

/* Every other method writes the gathered run out first, then does what the default VFS does. */
#define REAL(f) (((GatheringFile *)(f))->real)
#define WRITE_OUT_OR_RETURN(file)                            \
  do {                                                       \
    ((GatheringFile *)(file))->commit_header_pending = 0;    \
    int rc_ = write_out((GatheringFile *)(file));            \
    if (rc_ != SQLITE_OK) return rc_;                        \
  } while (0)

static int batch_close(sqlite3_file *file) {
  GatheringFile *f = (GatheringFile *)file;
  int rc = write_out(f);
  int closed = f->real->pMethods ? f->real->pMethods->xClose(f->real) : SQLITE_OK;
  free(f->run);
  f->run = 0;
  f->run_cap = 0;
  return rc != SQLITE_OK ? rc : closed;
}
static int batch_read(sqlite3_file *file, void *data, int amount, sqlite3_int64 offset) {
  WRITE_OUT_OR_RETURN(file);
  return REAL(file)->pMethods->xRead(REAL(file), data, amount, offset);
}
static int batch_truncate(sqlite3_file *file, sqlite3_int64 size) {
  WRITE_OUT_OR_RETURN(file);
  return REAL(file)->pMethods->xTruncate(REAL(file), size);
}
static int batch_sync(sqlite3_file *file, int flags) {
  WRITE_OUT_OR_RETURN(file);
  return REAL(file)->pMethods->xSync(REAL(file), flags);
}
static int batch_file_size(sqlite3_file *file, sqlite3_int64 *size) {
  WRITE_OUT_OR_RETURN(file);
  return REAL(file)->pMethods->xFileSize(REAL(file), size);
}
static int batch_lock(sqlite3_file *file, int level) {
  WRITE_OUT_OR_RETURN(file);
  return REAL(file)->pMethods->xLock(REAL(file), level);
}
static int batch_unlock(sqlite3_file *file, int level) {
  WRITE_OUT_OR_RETURN(file);
  return REAL(file)->pMethods->xUnlock(REAL(file), level);
}
static int batch_check_reserved_lock(sqlite3_file *file, int *out) {
  return REAL(file)->pMethods->xCheckReservedLock(REAL(file), out);
}
static int batch_file_control(sqlite3_file *file, int op, void *arg) {
  WRITE_OUT_OR_RETURN(file);
  return REAL(file)->pMethods->xFileControl(REAL(file), op, arg);
}
static int batch_sector_size(sqlite3_file *file) {
  return REAL(file)->pMethods->xSectorSize(REAL(file));
}
static int batch_device_characteristics(sqlite3_file *file) {
  return REAL(file)->pMethods->xDeviceCharacteristics(REAL(file));
}
/* SQLite maps no shared memory or pages of a WAL file; these only keep the method table whole. */
static int batch_shm_map(sqlite3_file *file, int page, int size, int extend, void volatile **out) {
  return REAL(file)->pMethods->xShmMap(REAL(file), page, size, extend, out);
}
static int batch_shm_lock(sqlite3_file *file, int offset, int n, int flags) {
  return REAL(file)->pMethods->xShmLock(REAL(file), offset, n, flags);
}
static void batch_shm_barrier(sqlite3_file *file) {
  REAL(file)->pMethods->xShmBarrier(REAL(file));
}
static int batch_shm_unmap(sqlite3_file *file, int delete_flag) {
  return REAL(file)->pMethods->xShmUnmap(REAL(file), delete_flag);
}
static int batch_fetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **out) {
  WRITE_OUT_OR_RETURN(file);
  return REAL(file)->pMethods->xFetch(REAL(file), offset, amount, out);
}
static int batch_unfetch(sqlite3_file *file, sqlite3_int64 offset, void *page) {
  return REAL(file)->pMethods->xUnfetch(REAL(file), offset, page);
}

static int batch_open(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *file, int flags, int *out_flags) {
  (void)vfs;
  if (!(flags & SQLITE_OPEN_WAL)) {
    /* Not a WAL file: the default VFS's own file, in place, with its own methods. */
    return base_vfs->xOpen(base_vfs, name, file, flags, out_flags);
  }
  GatheringFile *f = (GatheringFile *)file;
  memset(f, 0, sizeof(*f));
  f->real = (sqlite3_file *)&f[1];
  int rc = base_vfs->xOpen(base_vfs, name, f->real, flags, out_flags);
  /* SQLite calls xClose only on a file whose pMethods is set. */
  f->base.pMethods = f->real->pMethods ? &batch_methods : 0;
  if (rc == SQLITE_OK && f->real->pMethods &&
      !(f->real->pMethods->xDeviceCharacteristics(f->real) & SQLITE_IOCAP_POWERSAFE_OVERWRITE)) {
    /*
     * Without power-safe overwrite SQLite pads a commit to a sector boundary and may split a frame
     * around a sync: keep the default VFS's own behaviour there, unwrapped.
     */
    f->pass_through = 1;
  }
  return rc;
}

static int batch_delete(sqlite3_vfs *v, const char *name, int sync_dir) { (void)v; return base_vfs->xDelete(base_vfs, name, sync_dir); }
static int batch_access(sqlite3_vfs *v, const char *name, int flags, int *out) { (void)v; return base_vfs->xAccess(base_vfs, name, flags, out); }
static int batch_full_pathname(sqlite3_vfs *v, const char *name, int n, char *out) { (void)v; return base_vfs->xFullPathname(base_vfs, name, n, out); }
static void *batch_dl_open(sqlite3_vfs *v, const char *name) { (void)v; return base_vfs->xDlOpen(base_vfs, name); }
static void batch_dl_error(sqlite3_vfs *v, int n, char *out) { (void)v; base_vfs->xDlError(base_vfs, n, out); }
static void (*batch_dl_sym(sqlite3_vfs *v, void *h, const char *sym))(void) { (void)v; return base_vfs->xDlSym(base_vfs, h, sym); }
static void batch_dl_close(sqlite3_vfs *v, void *h) { (void)v; base_vfs->xDlClose(base_vfs, h); }
static int batch_randomness(sqlite3_vfs *v, int n, char *out) { (void)v; return base_vfs->xRandomness(base_vfs, n, out); }
static int batch_sleep(sqlite3_vfs *v, int us) { (void)v; return base_vfs->xSleep(base_vfs, us); }
static int batch_current_time(sqlite3_vfs *v, double *out) { (void)v; return base_vfs->xCurrentTime(base_vfs, out); }
static int batch_get_last_error(sqlite3_vfs *v, int n, char *out) { (void)v; return base_vfs->xGetLastError(base_vfs, n, out); }
static int batch_current_time_int64(sqlite3_vfs *v, sqlite3_int64 *out) { (void)v; return base_vfs->xCurrentTimeInt64(base_vfs, out); }

static int register_once(char **error);

#ifdef _WIN32
__declspec(dllexport)
#endif
int sqlite3_walbatch_init(sqlite3 *db, char **error, const sqlite3_api_routines *api) {
  (void)db;
  SQLITE_EXTENSION_INIT2(api);
  /*
   * Two threads may load the extension at once (each opens its first database): one registers,
   * the other finds it. Without the lock the second could take our VFS for the default to wrap.
   */
  sqlite3_mutex *lock = sqlite3_mutex_alloc(SQLITE_MUTEX_STATIC_APP1);
  sqlite3_mutex_enter(lock);
  int rc = register_once(error);
  sqlite3_mutex_leave(lock);
  if (rc != SQLITE_OK) return rc;
  /* Stay loaded after the connection that loaded us closes: every later connection calls into us. */
  return SQLITE_OK_LOAD_PERMANENTLY;
}

static int register_once(char **error) {
  if (sqlite3_vfs_find("wal-batch")) return SQLITE_OK;
  base_vfs = sqlite3_vfs_find(0);
  if (!base_vfs || base_vfs->iVersion < 2) {
    if (error) *error = sqlite3_mprintf("wal-batch: the default VFS is missing or too old");
    return SQLITE_ERROR;
  }
  batch_methods = (sqlite3_io_methods){
    .iVersion = 3,
    .xClose = batch_close,
    .xRead = batch_read,
    .xWrite = batch_write,
    .xTruncate = batch_truncate,
    .xSync = batch_sync,
    .xFileSize = batch_file_size,
    .xLock = batch_lock,
    .xUnlock = batch_unlock,
    .xCheckReservedLock = batch_check_reserved_lock,
    .xFileControl = batch_file_control,
    .xSectorSize = batch_sector_size,
    .xDeviceCharacteristics = batch_device_characteristics,
    .xShmMap = batch_shm_map,
    .xShmLock = batch_shm_lock,
    .xShmBarrier = batch_shm_barrier,
    .xShmUnmap = batch_shm_unmap,
    .xFetch = batch_fetch,
    .xUnfetch = batch_unfetch,
  };
  batch_vfs = (sqlite3_vfs){
    .iVersion = 2,
    .szOsFile = (int)sizeof(GatheringFile) + base_vfs->szOsFile,
    .mxPathname = base_vfs->mxPathname,
    .zName = "wal-batch",
    .xOpen = batch_open,
    .xDelete = batch_delete,
    .xAccess = batch_access,
    .xFullPathname = batch_full_pathname,
    .xDlOpen = batch_dl_open,
    .xDlError = batch_dl_error,
    .xDlSym = batch_dl_sym,
    .xDlClose = batch_dl_close,
    .xRandomness = batch_randomness,
    .xSleep = batch_sleep,
    .xCurrentTime = batch_current_time,
    .xGetLastError = batch_get_last_error,
    .xCurrentTimeInt64 = batch_current_time_int64,
  };
  return sqlite3_vfs_register(&batch_vfs, 1);
}

import fs from 'node:fs';

/** The machine's CPU time so far, every vCPU together, in Linux's ticks (`/proc/stat`): time spent
 * running something (ours or the kernel's), and time a vCPU had work that the hypervisor did not
 * run because it ran something else on that core (`steal`). */
interface MachineTimes {
  busy: number;
  steal: number;
}

/** Where `/proc/stat` cannot be read (not Linux), no figure rather than a wrong one. */
export const machineTimes = (): MachineTimes | undefined => {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
    // user nice system idle iowait irq softirq steal (then guest time, already in user and nice)
    const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1, 9).map(Number);
    return { busy: user! + nice! + system! + irq! + softirq!, steal: steal! };
  } catch {
    return undefined;
  }
};

/**
 * Of the CPU time this machine's threads wanted since `before`, the share in % that the hypervisor
 * gave to other machines instead: on a shared virtual machine, the "slow stretches" of earlier
 * sessions (thirty-third session: 0–4 % over HTTP in a quiet stretch, 30–56 % in a slow one,
 * minutes apart; 0.1–41 % for a program that only spins on both cores). A process's own CPU time
 * (`/proc/<pid>/stat`) leaves it out, so a figure of CPU an order can read the same while the
 * machine carries far fewer orders; this is the figure to read beside it.
 */
export const stealPctSince = (before: MachineTimes | undefined): number => {
  const now = machineTimes();
  if (!before || !now) return Number.NaN;
  const steal = now.steal - before.steal;
  const wanted = now.busy - before.busy + steal;
  return wanted > 0 ? +((100 * steal) / wanted).toFixed(1) : Number.NaN;
};

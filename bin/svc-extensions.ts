// CLI commands contributed by feature issues (webhooks, demo). Kept apart from svc.ts so that each
// feature adds its commands here without touching the frame.
import type { Command } from './svc';

export const CLI_EXTENSIONS: Record<string, Command> = {};

// Each Vitest test starts on the system clock: a test that moved the shop's clock
// (moveClockForTests, app/utils/clock.ts) moves it for itself only.
import { afterEach } from 'vitest'
import { resetClockForTests } from '../../app/utils/clock'

afterEach(() => resetClockForTests())

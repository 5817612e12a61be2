/** The success envelope. */
export const ok = <T>(data: T, message = 'Success') => ({ success: true as const, data, message });

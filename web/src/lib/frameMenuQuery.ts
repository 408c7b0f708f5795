/**
 * The query of what the signed-in staff member's menu shows beyond their permissions (the app
 * frame's useMenuOptions); the organisation settings ask it anew when saved (issue 41, point 8).
 */
export const frameMenuQueryKey = ['frameMenu'] as const;

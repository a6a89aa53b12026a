import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../testing/render';
import { Modal } from './modal';
import { useDialogs, type Dialogs } from './modal-context';

function Stack({ onCloseOuter, onCloseInner }: { onCloseOuter?: () => void; onCloseInner?: () => void }) {
  const [outer, setOuter] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <>
      <button onClick={() => setOuter(true)}>구매요청 열기</button>
      <Modal
        open={outer}
        title="구매요청 상세"
        data-testid="outer"
        onClose={() => {
          onCloseOuter?.();
          setOuter(false);
        }}
      >
        <input aria-label="요청번호" />
        <button onClick={() => setInner(true)}>결재선 보기</button>
        <Modal
          open={inner}
          title="결재선"
          data-testid="inner"
          onClose={() => {
            onCloseInner?.();
            setInner(false);
          }}
        >
          <button>승인</button>
          <button>반려</button>
        </Modal>
      </Modal>
    </>
  );
}

describe('Modal stack (spec §9: z-index from 3000)', () => {
  it('stacks 3000, 3010 and labels each dialog by its title', async () => {
    const user = userEvent.setup();
    renderWidget(<Stack />);
    await user.click(screen.getByRole('button', { name: '구매요청 열기' }));
    expect(screen.getByTestId('outer')).toHaveStyle({ zIndex: '3000' });
    const outer = screen.getByRole('dialog', { name: '구매요청 상세' });
    expect(outer).toHaveAttribute('aria-modal', 'true');
    await user.click(within(outer).getByRole('button', { name: '결재선 보기' }));
    expect(screen.getByTestId('inner')).toHaveStyle({ zIndex: '3010' });
    expect(screen.getByTestId('outer')).toHaveStyle({ zIndex: '3000' });
    expect(screen.getByRole('dialog', { name: '결재선' })).toBeInTheDocument();
  });

  it('Escape closes only the top modal, then the next', async () => {
    const onCloseOuter = vi.fn();
    const onCloseInner = vi.fn();
    const user = userEvent.setup();
    renderWidget(<Stack onCloseOuter={onCloseOuter} onCloseInner={onCloseInner} />);
    await user.click(screen.getByRole('button', { name: '구매요청 열기' }));
    await user.click(screen.getByRole('button', { name: '결재선 보기' }));
    await user.keyboard('{Escape}');
    expect(onCloseInner).toHaveBeenCalledTimes(1);
    expect(onCloseOuter).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: '결재선' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '구매요청 상세' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onCloseOuter).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('moves focus in on opening, traps Tab inside, and restores focus on closing', async () => {
    const user = userEvent.setup();
    renderWidget(<Stack />);
    const opener = screen.getByRole('button', { name: '구매요청 열기' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: '결재선 보기' }));
    const inner = screen.getByRole('dialog', { name: '결재선' });
    await waitFor(() => expect(within(inner).getByRole('button', { name: '승인' })).toHaveFocus());
    await user.tab();
    expect(within(inner).getByRole('button', { name: '반려' })).toHaveFocus();
    await user.tab(); // wraps to the first focusable: the × button of the title bar
    expect(within(inner).getByRole('button', { name: '닫기' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(inner).getByRole('button', { name: '반려' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: '결재선 보기' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('the × button closes', async () => {
    const onCloseOuter = vi.fn();
    const user = userEvent.setup();
    renderWidget(<Stack onCloseOuter={onCloseOuter} />);
    await user.click(screen.getByRole('button', { name: '구매요청 열기' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '닫기' }));
    expect(onCloseOuter).toHaveBeenCalledTimes(1);
  });

  it('needs a ModalProvider and says so', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const quiet = (e: ErrorEvent) => e.preventDefault(); // jsdom would print the expected error
    window.addEventListener('error', quiet);
    try {
      expect(() => render(<Modal open title="x" onClose={() => {}} />)).toThrow(/ModalProvider/);
    } finally {
      window.removeEventListener('error', quiet);
      spy.mockRestore();
    }
  });
});

describe('alert and confirm (useDialogs)', () => {
  function Host({ onReady }: { onReady: (d: Dialogs) => void }) {
    onReady(useDialogs());
    return null;
  }

  it('confirm resolves true on 확인 and false on 취소 or Escape', async () => {
    let dialogs!: Dialogs;
    const user = userEvent.setup();
    renderWidget(<Host onReady={(d) => (dialogs = d)} />);

    let answer!: Promise<boolean>;
    act(() => {
      answer = dialogs.confirm('발주를 전송하시겠습니까?', { title: '발주 전송' });
    });
    const box = await screen.findByRole('alertdialog', { name: '발주 전송' });
    expect(box).toHaveTextContent('발주를 전송하시겠습니까?');
    await user.click(within(box).getByRole('button', { name: '확인' }));
    await expect(answer).resolves.toBe(true);

    act(() => {
      answer = dialogs.confirm('삭제하시겠습니까?');
    });
    await user.click(
      within(await screen.findByRole('alertdialog', { name: '확인' })).getByRole('button', { name: '취소' }),
    );
    await expect(answer).resolves.toBe(false);

    act(() => {
      answer = dialogs.confirm('삭제하시겠습니까?');
    });
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
  });

  it('alert has one 확인 button, a default title 알림, and sits above an open modal', async () => {
    let dialogs!: Dialogs;
    const user = userEvent.setup();
    renderWidget(
      <>
        <Host onReady={(d) => (dialogs = d)} />
        <Modal open title="사원 검색" data-testid="popup" onClose={() => {}}>
          <p>popup</p>
        </Modal>
      </>,
    );
    let done!: Promise<void>;
    act(() => {
      done = dialogs.alert('이름은 2자 이상 입력해 주세요.');
    });
    const box = await screen.findByRole('alertdialog', { name: '알림' });
    expect(
      within(box)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['×', '확인']);
    const layer = box.parentElement!;
    expect(layer).toHaveStyle({ zIndex: '3010' });
    expect(screen.getByTestId('popup')).toHaveStyle({ zIndex: '3000' });
    await waitFor(() => expect(within(box).getByRole('button', { name: '확인' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await expect(done).resolves.toBeUndefined();
    expect(screen.getByRole('dialog', { name: '사원 검색' })).toBeInTheDocument();
  });
});
